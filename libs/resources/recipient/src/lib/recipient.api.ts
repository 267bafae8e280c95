import { api } from '@smsc/shared-api';
import type {
  ListPageOf,
  Recipient,
  RecipientCreateBody,
  RecipientImportResult,
  RecipientPatchBody,
  RecipientPayload,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const RECIPIENT_TAG = 'Recipient';
const LIST = { type: RECIPIENT_TAG, id: 'LIST' } as const;
const unwrap = (answer: RecipientPayload) => answer.recipient;

/** Recipients of docs/spec.md §7 (list, CRUD, CSV import). */
export const recipientApi = api.enhanceEndpoints({ addTagTypes: [RECIPIENT_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listRecipients: b.query<ListPageOf<Recipient>, ListQueryArg>({
      query: (params) => ({ url: '/recipient/list', params }),
      providesTags: [LIST],
    }),
    getRecipient: b.query<Recipient, string>({
      query: (id) => `/recipient/${encodeURIComponent(id)}`,
      transformResponse: unwrap,
      providesTags: (_r, _e, id) => [{ type: RECIPIENT_TAG, id }],
    }),
    createRecipient: b.mutation<Recipient, RecipientCreateBody>({
      query: (body) => ({ url: '/recipient', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: [LIST],
    }),
    updateRecipient: b.mutation<Recipient, { id: string; body: RecipientPatchBody }>({
      query: ({ id, body }) => ({ url: `/recipient/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: RECIPIENT_TAG, id }],
    }),
    deleteRecipient: b.mutation<unknown, string>({
      query: (id) => ({ url: `/recipient/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: RECIPIENT_TAG, id }],
    }),
    importRecipients: b.mutation<RecipientImportResult, string>({
      query: (csv) => ({ url: '/recipient/import', method: 'POST', body: { csv } }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useListRecipientsQuery,
  useLazyListRecipientsQuery,
  useGetRecipientQuery,
  useCreateRecipientMutation,
  useUpdateRecipientMutation,
  useDeleteRecipientMutation,
  useImportRecipientsMutation,
} = recipientApi;
