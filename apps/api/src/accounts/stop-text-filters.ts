// Accounts' statements on STOP-text filters for the filter routes; `scope` is the caller's visible rows of the
// filters (rowsOf on their reseller column), so a filter out of reach reads as none. Each takes the executor first.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { StopTextListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, wildcard } from '../lib/list';

type Db = Kysely<Database>;
type Filters = Database['stop_text_filters'];

export function listStopTexts(db: Db, scope: Expression<SqlBool>, q: StopTextListQuery) {
  let base = db.selectFrom('stop_text_filters').where(scope);
  if (q.text) base = base.where('text', 'ilike', wildcard(q.text));
  // Spec §7: newest first unless the caller asks otherwise.
  const dir = q.order_dir ?? 'desc';
  return listPage(q, base.selectAll().orderBy('created_on', dir).orderBy('filter_uuid'), base);
}

/** The filter, or undefined when there is none of this id in scope. */
export const stopTextRow = (db: Db, scope: Expression<SqlBool>, filter_uuid: string) =>
  db.selectFrom('stop_text_filters').selectAll().where('filter_uuid', '=', filter_uuid).where(scope).executeTakeFirst();

export const insertStopText = (db: Db, values: Insertable<Filters>) =>
  db.insertInto('stop_text_filters').values(values).returningAll().executeTakeFirstOrThrow();

/** The updated filter, or undefined when there is none of this id in scope. */
export const updateStopText = (db: Db, scope: Expression<SqlBool>, filter_uuid: string, set: Updateable<Filters>) =>
  db
    .updateTable('stop_text_filters')
    .set(set)
    .where('filter_uuid', '=', filter_uuid)
    .where(scope)
    .returningAll()
    .executeTakeFirst();

/** The deleted filter, or undefined when there is none of this id in scope. */
export const deleteStopText = (db: Db, scope: Expression<SqlBool>, filter_uuid: string) =>
  db
    .deleteFrom('stop_text_filters')
    .where('filter_uuid', '=', filter_uuid)
    .where(scope)
    .returningAll()
    .executeTakeFirst();
