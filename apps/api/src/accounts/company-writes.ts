// What other domains change on a company: the flag billing keeps of its balance against its credit limit, and the
// product (plan) the catalog gives it.
import type { Kysely } from 'kysely';
import { visibleRows, type CallerScope, type TenantColumns } from '../lib/tenancy';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
/** a company under the alias c, in the caller's scope */
const IN_SCOPE: TenantColumns = { company: 'c.company_uuid', companyReseller: 'c.reseller_uuid' };

/** Sets is_below_credit_limit only when it changes, so postings that stay on one side write nothing. */
export async function setBelowCreditLimit(db: Db, company_uuid: string, below: boolean): Promise<void> {
  await db
    .updateTable('companies')
    .set({ is_below_credit_limit: below })
    .where('company_uuid', '=', company_uuid)
    .where('is_below_credit_limit', '!=', below)
    .execute();
}

/**
 * Gives a company the caller's scope reaches a product; with `reseller_uuid`, only a company of that reseller
 * (a reseller's product never prices another's company). Answers the company, or undefined when none was changed.
 */
export async function setCompanyProduct(
  db: Db,
  scope: CallerScope,
  company_uuid: string,
  product_uuid: string,
  reseller_uuid?: string | null,
): Promise<{ company_uuid: string; company_name: string; reseller_uuid: string | null } | undefined> {
  let target = db
    .updateTable('companies as c')
    .set({ product_uuid })
    .where('c.company_uuid', '=', company_uuid)
    .where(visibleRows(scope, IN_SCOPE));
  if (reseller_uuid) target = target.where('c.reseller_uuid', '=', reseller_uuid);
  return target.returning(['c.company_uuid', 'c.company_name', 'c.reseller_uuid']).executeTakeFirst();
}

/** Takes the product from a company the caller's scope reaches if it has it; false when none was changed. */
export async function clearCompanyProduct(
  db: Db,
  scope: CallerScope,
  company_uuid: string,
  product_uuid: string,
): Promise<boolean> {
  const row = await db
    .updateTable('companies as c')
    .set({ product_uuid: null })
    .where('c.company_uuid', '=', company_uuid)
    .where('c.product_uuid', '=', product_uuid)
    .where(visibleRows(scope, IN_SCOPE))
    .returning('c.company_uuid')
    .executeTakeFirst();
  return !!row;
}

/** Gives the companies of this name a product (the catalog's seed prices the demo companies so). */
export async function setCompanyProductByName(db: Db, company_name: string, product_uuid: string): Promise<void> {
  await db.updateTable('companies').set({ product_uuid }).where('company_name', '=', company_name).execute();
}
