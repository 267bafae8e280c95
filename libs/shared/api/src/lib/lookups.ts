// The pickers' lookups every resource lib shares: one query per kind, cached once by RTK Query, so a
// company picker on any screen lists the same companies in the same order.
import { useMemo } from 'react';
import { MAX_PER_PAGE, type Company, type ListPageOf, type Vendor } from '@smsc/shared-contract';
import { api } from './api';
import { VENDOR_LIST, VENDOR_TAG } from './shared-tags';

/** the companies a picker lists: every one the caller may see, or only the active ones (those that may send) */
export interface CompanyChoicesArg {
  active?: boolean;
}

const lookupApi = api.enhanceEndpoints({ addTagTypes: [VENDOR_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    companyChoices: b.query<ListPageOf<Company>, CompanyChoicesArg>({
      // a picker shows every choice: one page of the server's largest size
      query: ({ active }) => ({
        url: '/company/list',
        params: {
          page: 0,
          per_page: MAX_PER_PAGE,
          order_by: 'company_name',
          order_dir: 'asc',
          ...(active ? { status: 'active' } : {}),
        },
      }),
    }),
    vendorChoices: b.query<ListPageOf<Vendor>, void>({
      query: () => ({
        url: '/vendor/list',
        params: { page: 0, per_page: 1000, order_by: 'vendor_name', order_dir: 'asc' },
      }),
      // a vendor added or removed in the vendor lib shows in every picker
      providesTags: [VENDOR_LIST],
    }),
  }),
});

export const { useCompanyChoicesQuery, useVendorChoicesQuery } = lookupApi;

export interface LookupOption {
  label: string;
  value: string;
  /** shown but not pickable (its label says why, e.g. a template waiting for approval) */
  disabled?: boolean;
}

/**
 * A picker's choices and how loading them went. `failed`: the list could not be loaded and there is
 * nothing to show (a picker says so instead of looking empty); `retry` asks again.
 */
export interface Lookup {
  options: LookupOption[];
  loading: boolean;
  fetching: boolean;
  failed: boolean;
  retry: () => void;
}

/** Whether a lookup failed, as a picker shows it: only while there is nothing loaded to show instead. */
const failedWithNothing = (q: { isError: boolean; data?: unknown }) => q.isError && !q.data;

/** The state of an RTK Query list query that a picker's choices come from. */
export interface LookupQuery<D> {
  data?: D;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * A picker's Lookup over a resource lib's own query, so a list that fails to load reads as failed (with a way to
 * ask again) in every picker, not only the shared company and vendor ones, instead of as an empty list.
 */
export function lookupOf<D>(q: LookupQuery<D>, toOptions: (data: D) => LookupOption[]): Lookup {
  return {
    options: q.data === undefined ? [] : toOptions(q.data),
    loading: q.isLoading,
    fetching: q.isFetching,
    failed: failedWithNothing(q),
    retry: q.refetch,
  };
}

/**
 * The companies the caller may pick (the server lists only those it may see) as select options, with the
 * rows themselves for a picker that filters them (`only`).
 */
export function useCompanyOptions({
  skip = false,
  active = false,
  only,
}: { skip?: boolean; active?: boolean; only?: (c: Company) => boolean } = {}): Lookup {
  const q = useCompanyChoicesQuery({ active }, { skip });
  const options = useMemo<LookupOption[]>(
    () =>
      (q.data?.items ?? [])
        .filter((c) => !only || only(c))
        .map((c) => ({ label: c.company_name, value: c.company_uuid })),
    [q.data, only],
  );
  return { options, loading: q.isLoading, fetching: q.isFetching, failed: failedWithNothing(q), retry: q.refetch };
}

/** The vendors the caller owns, as select options. */
export function useVendorOptions(): Lookup {
  const q = useVendorChoicesQuery();
  const options = useMemo<LookupOption[]>(
    () => (q.data?.items ?? []).map((v) => ({ label: v.vendor_name, value: v.vendor_uuid })),
    [q.data],
  );
  return { options, loading: q.isLoading, fetching: q.isFetching, failed: failedWithNothing(q), retry: q.refetch };
}
