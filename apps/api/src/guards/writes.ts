// The guards' statements on their own settings tables that the routes make (reads the API answers are in
// queries.ts): releasing a pumping hold, the pumping thresholds, a reseller's and a company's guards, a product's
// margin floor and a message's conversion feedback. Each takes the executor it runs on.
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Releases a hold still in force (a second release changes nothing). */
export async function releaseHold(db: Db, hold_uuid: string, released_by: string): Promise<void> {
  await db
    .updateTable('pumping_holds')
    .set({ released_on: new Date(), released_by })
    .where('hold_uuid', '=', hold_uuid)
    .where('released_on', 'is', null)
    .execute();
}

/** The platform's pumping thresholds (one row). */
export async function guardSettings(db: Db) {
  const {
    id: _id,
    updated_on: _on,
    ...s
  } = await db.selectFrom('guard_settings').selectAll().executeTakeFirstOrThrow();
  return s;
}

export async function writeGuardSettings(
  db: Db,
  patch: Omit<Updateable<Database['guard_settings']>, 'id' | 'updated_on'>,
): Promise<void> {
  if (!Object.keys(patch).length) return;
  await db
    .updateTable('guard_settings')
    .set({ ...patch, updated_on: new Date() })
    .execute();
}

/** A reseller's guards for its companies, or undefined when it has set none. */
export async function resellerGuardsRow(db: Db, reseller_uuid: string) {
  return db
    .selectFrom('reseller_guards')
    .select(['allowed_countries', sql<string | null>`min_margin::text`.as('min_margin')])
    .where('reseller_uuid', '=', reseller_uuid)
    .executeTakeFirst();
}

export async function saveResellerGuards(
  db: Db,
  reseller_uuid: string,
  values: { allowed_countries: string[] | null; min_margin: string | null },
): Promise<void> {
  const row = { ...values, updated_on: new Date() };
  await db
    .insertInto('reseller_guards')
    .values({ reseller_uuid, ...row })
    .onConflict((oc) => oc.column('reseller_uuid').doUpdateSet(row))
    .execute();
}

/** A company's own spend limits and countries (the limits in micro-units as text). */
export async function saveCompanyGuards(
  db: Db,
  company_uuid: string,
  values: {
    daily_limit: string | null;
    monthly_limit: string | null;
    own_daily_limit: string | null;
    own_monthly_limit: string | null;
    allowed_countries: string[] | null;
  },
): Promise<void> {
  const row = { ...values, updated_on: new Date() };
  await db
    .insertInto('company_guards')
    .values({ company_uuid, ...row })
    .onConflict((oc) => oc.column('company_uuid').doUpdateSet(row))
    .execute();
}

/** A product's margin floor in micro-units as text, or undefined when it has none. */
export async function marginFloorRow(db: Db, product_uuid: string): Promise<string | undefined> {
  const f = await db
    .selectFrom('product_margin_floors')
    .select(sql<string>`min_margin::text`.as('min_margin'))
    .where('product_uuid', '=', product_uuid)
    .executeTakeFirst();
  return f?.min_margin;
}

/** Sets a product's margin floor (micro-units), or takes it away (null). */
export async function setMarginFloor(db: Db, product_uuid: string, min_margin: bigint | null): Promise<void> {
  if (min_margin === null) {
    await db.deleteFrom('product_margin_floors').where('product_uuid', '=', product_uuid).execute();
    return;
  }
  const row = { min_margin: min_margin.toString(), updated_on: new Date() };
  await db
    .insertInto('product_margin_floors')
    .values({ product_uuid, ...row })
    .onConflict((oc) => oc.column('product_uuid').doUpdateSet(row))
    .execute();
}

/** A message's conversion outcome as its sender reported it: the last report wins. */
export async function recordFeedback(db: Db, f: { sms_uuid: string; company_uuid: string; outcome: string }) {
  return db
    .insertInto('sms_feedback')
    .values(f)
    .onConflict((oc) => oc.column('sms_uuid').doUpdateSet({ outcome: f.outcome, created_on: sql<Date>`now()` }))
    .returning(['sms_uuid', 'outcome', 'created_on'])
    .executeTakeFirstOrThrow();
}
