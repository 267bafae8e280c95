import { api, DID_TAG } from '@smsc/shared-api';
import type {
  ComplianceSettings,
  Did,
  Filing,
  FilingAnswer,
  FilingCreate,
  FilingPatch,
  FilingReview,
  FilingWithHistory,
  ListPageOf,
  SenderIdCountry,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const FILING_TAG = 'Filing' as const;
const LIST = { type: FILING_TAG, id: 'LIST' } as const;
const unwrap = (a: FilingAnswer) => a.filing;
const one = (id: string) => [LIST, { type: FILING_TAG, id }] as const;
const at = (id: string, rest = '') => `/compliance/filing/${encodeURIComponent(id)}${rest}`;

/** Sender registrations (docs/compliance.md): filings, their moves, their numbers, the countries' rules. */
export const complianceApi = api.enhanceEndpoints({ addTagTypes: [FILING_TAG, DID_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listFilings: b.query<ListPageOf<Filing>, ListQueryArg>({
      query: (params) => ({ url: '/compliance/filing', params }),
      providesTags: [LIST],
    }),
    getFiling: b.query<FilingWithHistory, string>({
      query: (id) => at(id),
      transformResponse: unwrap,
      providesTags: (_r, _e, id) => [{ type: FILING_TAG, id }],
    }),
    createFiling: b.mutation<FilingWithHistory, FilingCreate>({
      query: (body) => ({ url: '/compliance/filing', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: [LIST],
    }),
    updateFiling: b.mutation<FilingWithHistory, { id: string; body: FilingPatch }>({
      query: ({ id, body }) => ({ url: at(id), method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => one(id),
    }),
    deleteFiling: b.mutation<unknown, string>({
      query: (id) => ({ url: at(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => one(id),
    }),
    submitFiling: b.mutation<FilingWithHistory, string>({
      query: (id) => ({ url: at(id, '/submit'), method: 'POST' }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, id) => one(id),
    }),
    reviewFiling: b.mutation<FilingWithHistory, { id: string; body: FilingReview }>({
      query: ({ id, body }) => ({ url: at(id, '/review'), method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => one(id),
    }),
    attachNumber: b.mutation<FilingWithHistory, { id: string; did_uuid: string }>({
      query: ({ id, did_uuid }) => ({ url: at(id, '/numbers'), method: 'POST', body: { did_uuid } }),
      transformResponse: unwrap,
      // the number's registration changed: the compose box's quote reads it again
      invalidatesTags: (_r, _e, { id }) => [...one(id), { type: DID_TAG, id: 'LIST' }],
    }),
    detachNumber: b.mutation<FilingWithHistory, { id: string; did_uuid: string }>({
      query: ({ id, did_uuid }) => ({ url: at(id, `/numbers/${encodeURIComponent(did_uuid)}`), method: 'DELETE' }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [...one(id), { type: DID_TAG, id: 'LIST' }],
    }),
    senderIdCountries: b.query<{ items: SenderIdCountry[] }, void>({ query: () => '/compliance/countries' }),
    complianceSettings: b.query<ComplianceSettings, void>({
      query: () => '/compliance/settings',
      providesTags: [{ type: FILING_TAG, id: 'SETTINGS' }],
    }),
    setComplianceSettings: b.mutation<ComplianceSettings, ComplianceSettings>({
      query: (body) => ({ url: '/compliance/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: FILING_TAG, id: 'SETTINGS' }],
    }),
    /** a company's sending numbers, to attach to a campaign or verification */
    filingNumbers: b.query<ListPageOf<Did>, string>({
      query: (company_uuid) => ({ url: '/did/company/list', params: { per_page: 500, did_type: 'ani', company_uuid } }),
    }),
  }),
});

export const {
  useListFilingsQuery,
  useLazyListFilingsQuery,
  useGetFilingQuery,
  useCreateFilingMutation,
  useUpdateFilingMutation,
  useDeleteFilingMutation,
  useSubmitFilingMutation,
  useReviewFilingMutation,
  useAttachNumberMutation,
  useDetachNumberMutation,
  useSenderIdCountriesQuery,
  useComplianceSettingsQuery,
  useSetComplianceSettingsMutation,
  useFilingNumbersQuery,
} = complianceApi;
