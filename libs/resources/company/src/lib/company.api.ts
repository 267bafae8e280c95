import { api, GUARDS_TAG } from '@smsc/shared-api';
import type { Company, CompanyCreate, CompanyPatch, ListPageOf, PaymentTerm, Reseller } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const COMPANY_TAG = 'Company';
const LIST = { type: COMPANY_TAG, id: 'LIST' } as const;

/** Choices for the company form's pickers, a page of names sorted for a select. */
const CHOICES = { page: 0, per_page: 1000 };

export const companyApi = api
  .enhanceEndpoints({ addTagTypes: [COMPANY_TAG, 'Reseller', 'PaymentTerm', GUARDS_TAG] })
  .injectEndpoints({
    endpoints: (b) => ({
      listCompanies: b.query<ListPageOf<Company>, ListQueryArg>({
        query: (params) => ({ url: '/company/list', params }),
        // One list tag: any save invalidates it, so 10,000 per-row tags are not worth their cost.
        providesTags: [LIST],
      }),
      getCompany: b.query<Company, string>({
        query: (id) => `/company/${encodeURIComponent(id)}`,
        providesTags: (_r, _e, id) => [{ type: COMPANY_TAG, id }],
      }),
      createCompany: b.mutation<Company, CompanyCreate>({
        query: (body) => ({ url: '/company', method: 'POST', body }),
        invalidatesTags: [LIST],
      }),
      updateCompany: b.mutation<Company, { id: string; body: CompanyPatch }>({
        query: ({ id, body }) => ({ url: `/company/${encodeURIComponent(id)}`, method: 'PATCH', body }),
        // its guards page too: the spend's day and month are the company's time zone's
        invalidatesTags: (_r, _e, { id }) => [LIST, { type: COMPANY_TAG, id }, { type: GUARDS_TAG, id }],
      }),
      deleteCompany: b.mutation<unknown, string>({
        query: (id) => ({ url: `/company/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, id) => [LIST, { type: COMPANY_TAG, id }],
      }),
      companyResellerChoices: b.query<ListPageOf<Reseller>, void>({
        query: () => ({ url: '/reseller/list', params: { ...CHOICES, order_by: 'reseller_name' } }),
        providesTags: [{ type: 'Reseller', id: 'LIST' }],
      }),
      companyPaymentTermChoices: b.query<ListPageOf<PaymentTerm>, void>({
        query: () => ({ url: '/payment_term/list', params: { ...CHOICES, order_by: 'days' } }),
        providesTags: [{ type: 'PaymentTerm', id: 'LIST' }],
      }),
    }),
  });

export const {
  useListCompaniesQuery,
  useLazyListCompaniesQuery,
  useGetCompanyQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useCompanyResellerChoicesQuery,
  useCompanyPaymentTermChoicesQuery,
} = companyApi;
