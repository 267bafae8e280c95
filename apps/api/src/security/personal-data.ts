// Audit entries whose recorded changes name one phone number (a contact, an opt-out), for privacy requests
// (lib/personal-data.ts). The entry stays (who did what, when) with the number replaced by its token.
import { sql } from 'kysely';
import { mentions, redactJson, type PersonalDataHolder, type PersonRef } from '../lib/personal-data';
import { ofReseller, visibleRows, type CallerScope } from '../lib/tenancy';

const like = (p: PersonRef) => `%${p.e164.replace(/^\+/, '')}%`;
// a company's entries for a company caller; the reseller's and its companies' for a reseller (audit-routes.ts)
const reach = (scope: CallerScope) =>
  'company_uuid' in scope
    ? sql<boolean>`audit_log.company_uuid = ${scope.company_uuid}`
    : visibleRows(scope, ofReseller('audit_log.reseller_uuid'));

export const auditEntriesHeld: PersonalDataHolder = {
  name: 'audit_entries',
  async find(db, scope, person) {
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'at', 'actor_email', 'action', 'entity', 'entity_id', 'changes'])
      .where(reach(scope))
      .where(sql<boolean>`changes::text like ${like(person)}`)
      .execute();
    return rows.filter((r) => mentions(JSON.stringify(r.changes), person));
  },
  async erase(trx, scope, person) {
    const rows = await trx
      .selectFrom('audit_log')
      .select(['id', 'changes'])
      .where(reach(scope))
      .where(sql<boolean>`changes::text like ${like(person)}`)
      .execute();
    let n = 0;
    for (const r of rows) {
      if (!mentions(JSON.stringify(r.changes), person)) continue;
      const changes = JSON.stringify(redactJson(r.changes, person, new Set(['text'])));
      // the log is append-only for the API (its type has no update); a privacy erasure is the one exception
      await sql`update audit_log set changes = ${changes}::jsonb where id = ${r.id}`.execute(trx);
      n++;
    }
    return n;
  },
};
