import { api, DID_TAG, GUARDS_TAG, LEDGER_TAG } from '@smsc/shared-api';
import type {
  AvailableNumber,
  Did,
  DidAssignBody,
  DidCreateBody,
  DidImportResult,
  DidOrderResult,
  DidPatchBody,
  DidSearchQuery,
  ListPageOf,
  NanpState,
  TfSearchQuery,
  User,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export { DID_TAG };
const LIST = { type: DID_TAG, id: 'LIST' } as const;
const enc = encodeURIComponent;

/** Numbers (docs/spec.md §7 "Numbers"): inventory lists, one number, assign, order and disconnect. */
export const didApi = api.enhanceEndpoints({ addTagTypes: [DID_TAG, LEDGER_TAG, GUARDS_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listDids: b.query<ListPageOf<Did>, ListQueryArg>({
      query: (params) => ({ url: '/did/list', params }),
      providesTags: [LIST],
    }),
    listCompanyDids: b.query<ListPageOf<Did>, ListQueryArg>({
      query: (params) => ({ url: '/did/company/list', params }),
      providesTags: [LIST],
    }),
    getDid: b.query<Did, string>({
      query: (id) => `/did/${enc(id)}`,
      transformResponse: (a: { did: Did }) => a.did,
      providesTags: (_r, _e, id) => [{ type: DID_TAG, id }],
    }),
    createDid: b.mutation<Did, DidCreateBody>({
      query: (body) => ({ url: '/did', method: 'POST', body }),
      transformResponse: (a: { did: Did }) => a.did,
      invalidatesTags: [LIST],
    }),
    updateDid: b.mutation<Did, { id: string; body: DidPatchBody }>({
      query: ({ id, body }) => ({ url: `/did/${enc(id)}`, method: 'PATCH', body }),
      transformResponse: (a: { did: Did }) => a.did,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: DID_TAG, id }],
    }),
    assignDid: b.mutation<Did, { id: string } & DidAssignBody>({
      query: ({ id, user_uuid }) => ({ url: `/did/${enc(id)}/assign`, method: 'PATCH', body: { user_uuid } }),
      transformResponse: (a: { did: Did }) => a.did,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: DID_TAG, id }],
    }),
    deleteDid: b.mutation<unknown, string>({
      query: (id) => ({ url: `/did/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: DID_TAG, id }],
    }),
    /** DELETE /did/mass_delete with items: all of them or none */
    massDeleteDids: b.mutation<{ count: number }, string[]>({
      query: (items) => ({ url: '/did/mass_delete', method: 'DELETE', body: { items } }),
      invalidatesTags: [LIST, DID_TAG],
    }),
    importDids: b.mutation<DidImportResult, string>({
      query: (csv) => ({ url: '/did/import', method: 'POST', body: { csv } }),
      invalidatesTags: [LIST],
    }),
    searchDids: b.query<AvailableNumber[], DidSearchQuery>({
      query: (params) => ({ url: '/did/search', params }),
      transformResponse: (a: { items: AvailableNumber[] }) => a.items,
      keepUnusedDataFor: 0,
    }),
    searchTfDids: b.query<AvailableNumber[], TfSearchQuery>({
      query: (params) => ({ url: '/did/tf/search', params }),
      transformResponse: (a: { items: AvailableNumber[] }) => a.items,
      keepUnusedDataFor: 0,
    }),
    /** One order per pick: the Idempotency-Key makes a retried click order nothing twice. */
    orderDids: b.mutation<Did[], { numbers: string[]; tollFree: boolean; key: string }>({
      query: ({ numbers, tollFree, key }) => ({
        url: tollFree ? '/did/tf/order' : '/did/order',
        method: 'POST',
        body: { numbers },
        headers: { 'Idempotency-Key': key },
      }),
      transformResponse: (a: DidOrderResult) => a.items,
      // an order charges the number's fee: the header balance and the transaction history read again too
      invalidatesTags: [LIST, LEDGER_TAG, GUARDS_TAG],
    }),
    disconnectDids: b.mutation<{ count: number }, { numbers: string[]; tollFree: boolean }>({
      query: ({ numbers, tollFree }) => ({
        url: tollFree ? '/did/tf/disconnect' : '/did/disconnect',
        method: 'POST',
        body: { numbers },
      }),
      invalidatesTags: [LIST, DID_TAG],
    }),
    /** The users a number may go to: its company's (GET /user/list, scoped by the server). */
    listDidUsers: b.query<ListPageOf<User>, string>({
      query: (company_uuid) => ({
        url: '/user/list',
        params: { company_uuid, per_page: 1000, page: 0, order_by: 'full_name', order_dir: 'asc' },
      }),
    }),
    getDidUser: b.query<User, string>({ query: (id) => `/user/${enc(id)}` }),
    listStates: b.query<NanpState[], void>({
      query: () => '/state/list',
      transformResponse: (a: ListPageOf<NanpState>) => a.items,
    }),
  }),
});

export const {
  useListDidsQuery,
  useLazyListDidsQuery,
  useListCompanyDidsQuery,
  useLazyListCompanyDidsQuery,
  useGetDidQuery,
  useCreateDidMutation,
  useUpdateDidMutation,
  useAssignDidMutation,
  useDeleteDidMutation,
  useMassDeleteDidsMutation,
  useImportDidsMutation,
  useSearchDidsQuery,
  useSearchTfDidsQuery,
  useOrderDidsMutation,
  useDisconnectDidsMutation,
  useListStatesQuery,
  useListDidUsersQuery,
  useGetDidUserQuery,
} = didApi;
