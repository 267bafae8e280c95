// The numbers domain's repository: what other domains read of its tables (dids), so
// that no file outside numbers names them (tools/eslint/api-table-owners.mjs). The numbers plugin decorates
// the API context with it as `app.numbers`; a query module with no app imports `numbersRepository` from the
// index. Each call takes the executor it runs on (`app.db` or the caller's transaction). Where another
// domain's statement reads a number beside its own tables, numbers hands it a fragment (`didRows`,
// `isSenderOf`) instead of a second round trip: the statement, and its plan, stay what they were.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * The numbers as a relation to join by `did_uuid` (`.innerJoin(didRows(db).as('dids'), 'dids.did_uuid', …)`):
 * a plain sub-select that PostgreSQL pulls up into the join.
 */
export const didRows = (db: Db) =>
  db
    .selectFrom('dids')
    .select(['did_uuid', 'did', 'area_code', 'state', 'company_uuid', 'reseller_uuid', 'user_uuid', 'did_type']);

/** True in SQL when `ani` (E.164) is one of the company's sending numbers (a DID of type ani it holds). */
export const isSenderOf = (company: Expression<string>, ani: Expression<string | null>): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from dids where did = ${ani} and company_uuid = ${company} and did_type = 'ani')`;

export interface NumbersRepository {
  didRows: typeof didRows;
  isSenderOf: typeof isSenderOf;
  /** the company's sending numbers (DIDs of type ani) among these numbers, spelt as stored (E.164) */
  sendersAmong(db: Db, company_uuid: string, numbers: readonly string[]): Promise<{ did_uuid: string; did: string }[]>;
  /** the id of the company's number (any type) spelt as stored, undefined when the company holds no such number */
  companyNumber(db: Db, company_uuid: string, did: string): Promise<string | undefined>;
  /** whether the company has a number of its own (the getting-started checklist) */
  hasNumber(db: Db, company_uuid: string): Promise<boolean>;
}

export const numbersRepository: NumbersRepository = {
  didRows,
  isSenderOf,

  async sendersAmong(db, company_uuid, numbers) {
    if (!numbers.length) return [];
    return db
      .selectFrom('dids')
      .select(['did_uuid', 'did'])
      .where('company_uuid', '=', company_uuid)
      .where('did_type', '=', 'ani')
      .where('did', 'in', [...numbers])
      .execute();
  },

  async companyNumber(db, company_uuid, did) {
    const row = await db
      .selectFrom('dids')
      .select('did_uuid')
      .where('did', '=', did)
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
    return row?.did_uuid;
  },

  async hasNumber(db, company_uuid) {
    const row = await db
      .selectFrom('dids')
      .select('did_uuid')
      .where('company_uuid', '=', company_uuid)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  },
};
