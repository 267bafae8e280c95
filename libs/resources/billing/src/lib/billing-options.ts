import { lookupOf, useCompanyOptions } from '@smsc/shared-api';
import type { Company } from '@smsc/shared-contract';
import { useBillingResellerChoicesQuery } from './billing.api';

// The account pickers of the payment and invoice forms: one list each, cached by RTK Query.

/** Direct companies only: a reseller's companies are billed by that reseller (the server refuses them too). */
const isDirect = (c: Company) => !c.reseller_uuid;
export const useDirectCompanyOptions = () => useCompanyOptions({ only: isDirect });

export { useCompanyOptions };

export const useResellerOptions = () =>
  lookupOf(useBillingResellerChoicesQuery(), (d) =>
    d.items.map((r) => ({ label: r.reseller_name, value: r.reseller_uuid })),
  );
