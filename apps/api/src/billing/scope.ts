import type { TenantColumns } from '../lib/tenancy';

/**
 * Billing rows belong to a company account (company_uuid set) or a reseller's own account (company
 * null, reseller_uuid set). `c` is the row's company joined in. A reseller sees its companies' rows and
 * its own account's; a company admin its company's; the system admin all.
 */
export const billingOwners = (table: 'p' | 'a'): TenantColumns => ({
  company: `${table}.company_uuid`,
  companyReseller: 'c.reseller_uuid',
  reseller: `${table}.reseller_uuid`,
  resellerOnlyWithoutCompany: true,
});
