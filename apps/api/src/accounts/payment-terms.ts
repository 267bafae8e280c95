// Accounts' statements on payment terms: the payment-term routes call these. Each takes the executor it runs on.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PaymentTermListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';

type Db = Kysely<Database>;
type Terms = Database['payment_terms'];

export function listPaymentTerms(db: Db, q: PaymentTermListQuery) {
  let base = db.selectFrom('payment_terms');
  if (q.name) base = base.where('name', 'ilike', wildcard(q.name));
  if (q.is_active !== undefined) base = base.where('is_active', '=', q.is_active);
  const { col, dir } = ordering(q, ['name', 'days', 'created_on'] as const, 'days');
  return listPage(q, base.selectAll().orderBy(col, dir).orderBy('payment_term_uuid'), base);
}

export const insertPaymentTerm = (db: Db, values: Insertable<Terms>) =>
  db.insertInto('payment_terms').values(values).returningAll().executeTakeFirstOrThrow();

/** The term, or undefined when there is none of this id. */
export const paymentTermRow = (db: Db, payment_term_uuid: string) =>
  db.selectFrom('payment_terms').selectAll().where('payment_term_uuid', '=', payment_term_uuid).executeTakeFirst();

/** The updated term, or undefined when there is none of this id. */
export const updatePaymentTerm = (db: Db, payment_term_uuid: string, set: Updateable<Terms>) =>
  db
    .updateTable('payment_terms')
    .set(set)
    .where('payment_term_uuid', '=', payment_term_uuid)
    .returningAll()
    .executeTakeFirst();

/** The deleted term, or undefined when there is none of this id. */
export const deletePaymentTerm = (db: Db, payment_term_uuid: string) =>
  db.deleteFrom('payment_terms').where('payment_term_uuid', '=', payment_term_uuid).returningAll().executeTakeFirst();
