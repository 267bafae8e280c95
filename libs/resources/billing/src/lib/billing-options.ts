import { useBillingCompanyChoicesQuery, useBillingResellerChoicesQuery } from './billing.api';

// The account pickers of the payment and invoice forms: one list each, cached by RTK Query.

/** Direct companies only: a reseller's companies are billed by that reseller (the server refuses them too). */
export function useDirectCompanyOptions() {
  const { data, isLoading } = useBillingCompanyChoicesQuery();
  return {
    options: (data?.items ?? [])
      .filter((c) => !c.reseller_uuid)
      .map((c) => ({ label: c.company_name, value: c.company_uuid })),
    loading: isLoading,
  };
}

export function useCompanyOptions() {
  const { data, isLoading } = useBillingCompanyChoicesQuery();
  return {
    options: (data?.items ?? []).map((c) => ({ label: c.company_name, value: c.company_uuid })),
    loading: isLoading,
  };
}

export function useResellerOptions() {
  const { data, isLoading } = useBillingResellerChoicesQuery();
  return {
    options: (data?.items ?? []).map((r) => ({ label: r.reseller_name, value: r.reseller_uuid })),
    loading: isLoading,
  };
}
