// One phone number among bulk jobs' recipients, for privacy requests (lib/personal-data.ts). The row stays (a
// bulk's sequence and counts are by row) with the number's token and no fields: a bulk still running blocks it
// as a bad number instead of sending.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PersonalDataHolder } from '../lib/personal-data';
import { ofCompany, visibleRows, type CallerScope } from '../lib/tenancy';

const bulksOf = (db: Kysely<Database>, scope: CallerScope) =>
  db
    .selectFrom('bulks')
    .select('bulk_uuid')
    .where(visibleRows(scope, ofCompany('bulks')));

export const bulkRecipientsHeld: PersonalDataHolder = {
  name: 'bulk_recipients',
  async find(db, scope, { e164 }) {
    return db
      .selectFrom('bulk_recipients')
      .select(['bulk_uuid', 'seq', 'number', 'fields', 'sms_uuid'])
      .where('bulk_uuid', 'in', bulksOf(db, scope))
      .where('number', '=', e164)
      .execute();
  },
  async erase(trx, scope, { e164, token }) {
    const r = await trx
      .updateTable('bulk_recipients')
      .set({ number: token, fields: null })
      .where('bulk_uuid', 'in', bulksOf(trx, scope))
      .where('number', '=', e164)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};
