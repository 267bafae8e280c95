// Messaging's statements on the suppression list for its routes (the opt-out and opt-in writes themselves are
// opt-outs/store.ts). `scope` is the caller's visible rows (rowsOf on the alias `s`).
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { SuppressedNumberListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { companyRows } from '../accounts';
import { listPage } from '../lib/list';

type Db = Kysely<Database>;

/** The suppressed numbers as the API shows them. */
const shown = (db: Db) =>
  db
    .selectFrom('suppressed_numbers as s')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 's.company_uuid')
    .select([
      's.suppressed_number_uuid',
      's.number',
      's.company_uuid',
      'companies.company_name',
      's.source',
      's.scope',
      's.sender',
      's.created_on',
    ]);

export function listSuppressed(db: Db, scope: Expression<SqlBool>, q: SuppressedNumberListQuery) {
  let b = db.selectFrom('suppressed_numbers as s').where(scope);
  if (q.company_uuid) b = b.where('s.company_uuid', '=', q.company_uuid);
  if (q.number) {
    const digits = q.number.replace(/\D/g, '');
    b = digits ? b.where('s.number', 'like', `%${digits}%`) : b.where(sql<boolean>`false`);
  }
  const ids = b.select('s.suppressed_number_uuid');
  return listPage(
    q,
    shown(db)
      .where('s.suppressed_number_uuid', 'in', ids)
      .orderBy('s.created_on', q.order_dir ?? 'desc')
      .orderBy('s.suppressed_number_uuid'),
    b,
  );
}

/** Whether the company suppresses the number for every sender already. */
export async function suppressedForAllSenders(db: Db, company_uuid: string, number: string): Promise<boolean> {
  const taken = await db
    .selectFrom('suppressed_numbers')
    .select('suppressed_number_uuid')
    .where('company_uuid', '=', company_uuid)
    .where('number', '=', number)
    .where('sender', '=', '')
    .executeTakeFirst();
  return !!taken;
}

/** The company's suppression of the number for every sender, as the API shows it (it must exist). */
export const allSendersSuppression = (db: Db, company_uuid: string, number: string) =>
  shown(db)
    .where('s.company_uuid', '=', company_uuid)
    .where('s.number', '=', number)
    .where('s.sender', '=', '')
    .executeTakeFirstOrThrow();

/** Deletes the suppression when it is in scope; answers what it was (undefined when there was none). */
export const deleteSuppression = (db: Db, scope: Expression<SqlBool>, id: string) =>
  db
    .deleteFrom('suppressed_numbers as s')
    .where('s.suppressed_number_uuid', '=', id)
    .where(scope)
    .returning(['s.suppressed_number_uuid', 's.number', 's.company_uuid', 's.source', 's.scope', 's.reseller_uuid'])
    .executeTakeFirst();
