// The catalog's statements on rate tables, for their handlers (catalog/routes/rate-tables.ts).
// Writes take the caller's executor: inside the handler's transaction they receive its `trx`.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import { RATE_TABLE_RATES_SHOWN, type RateTableListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { priceText, rateColumns, rateSelect } from './routes/rate-query';

type Db = Kysely<Database>;

const tableSelect = (db: Db) =>
  db
    .selectFrom('rate_tables')
    .select([
      'rate_table_uuid',
      'rate_table_name',
      'rate_table_type',
      'reseller_uuid',
      'created_on',
      sql<number>`(select count(*)::int from rates r where r.rate_table_uuid = rate_tables.rate_table_uuid)`.as(
        'rate_count',
      ),
    ]);

/** The rate table with its rate count when `visible` (over `reseller_uuid`) lets the caller see it, or undefined. */
export const visibleRateTable = (db: Db, id: string, visible: Expression<SqlBool>) =>
  tableSelect(db).where('rate_table_uuid', '=', id).where(visible).executeTakeFirst();

/** The first RATE_TABLE_RATES_SHOWN rates of a table, by code, network and date. */
export const ratesShown = (db: Db, rate_table_uuid: string) =>
  rateSelect(db)
    .select([...rateColumns, priceText])
    .where('rates.rate_table_uuid', '=', rate_table_uuid)
    .orderBy('rates.code')
    .orderBy('mn.network_name')
    .orderBy('rates.effective_from')
    .limit(RATE_TABLE_RATES_SHOWN)
    .execute();

/** `visible` over `reseller_uuid`. */
export function listRateTables(db: Db, visible: Expression<SqlBool>, q: RateTableListQuery) {
  let list = tableSelect(db).where(visible);
  if (q.rate_table_name) list = list.where('rate_table_name', 'ilike', wildcard(q.rate_table_name));
  if (q.rate_table_type) list = list.where('rate_table_type', '=', q.rate_table_type);
  const { col, dir } = ordering(q, ['rate_table_name', 'rate_table_type', 'created_on'] as const, 'rate_table_name');
  return listPage(q, list.orderBy(col, dir).orderBy('rate_table_uuid'), db.selectFrom(list.as('l')));
}

/** The new table's id. */
export const insertRateTable = async (db: Db, values: Insertable<Database['rate_tables']>) =>
  (await db.insertInto('rate_tables').values(values).returning('rate_table_uuid').executeTakeFirstOrThrow())
    .rate_table_uuid;

/** Whether the table holds a rate by mobile network. */
export const hasNetworkRates = async (db: Db, rate_table_uuid: string) =>
  !!(await db
    .selectFrom('rates')
    .select('rate_uuid')
    .where('rate_table_uuid', '=', rate_table_uuid)
    .where('mobile_network_uuid', 'is not', null)
    .executeTakeFirst());

export const updateRateTable = (db: Db, rate_table_uuid: string, set: Updateable<Database['rate_tables']>) =>
  db.updateTable('rate_tables').set(set).where('rate_table_uuid', '=', rate_table_uuid).execute();

export const deleteTableRates = (db: Db, rate_table_uuid: string) =>
  db.deleteFrom('rates').where('rate_table_uuid', '=', rate_table_uuid).execute();

export const deleteRateTable = (db: Db, rate_table_uuid: string) =>
  db.deleteFrom('rate_tables').where('rate_table_uuid', '=', rate_table_uuid).execute();
