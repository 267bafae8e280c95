import { api } from '@smsc/shared-api';
import type {
  ListPageOf,
  PrivacyEraseBody,
  PrivacyExport,
  PrivacyExportBody,
  PrivacyRequest,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const PRIVACY_TAG = 'PrivacyRequest' as const;
const LIST = { type: PRIVACY_TAG, id: 'LIST' } as const;

/** Privacy requests about one phone number (docs/privacy.md): export, erase, and the record of both. */
export const privacyApi = api.enhanceEndpoints({ addTagTypes: [PRIVACY_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listPrivacyRequests: b.query<ListPageOf<PrivacyRequest>, ListQueryArg>({
      query: (params) => ({ url: '/privacy/request/list', params }),
      providesTags: [LIST],
    }),
    exportNumber: b.mutation<PrivacyExport, PrivacyExportBody>({
      query: (body) => ({ url: '/privacy/export', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    // erasing changes messages, contacts, lists and opt-outs everywhere: every cached list may be stale
    eraseNumber: b.mutation<PrivacyRequest, PrivacyEraseBody>({
      query: (body) => ({ url: '/privacy/erase', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useListPrivacyRequestsQuery,
  useLazyListPrivacyRequestsQuery,
  useExportNumberMutation,
  useEraseNumberMutation,
} = privacyApi;
