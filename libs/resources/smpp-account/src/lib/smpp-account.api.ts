import { api, SMPP_ACCOUNT_TAG } from '@smsc/shared-api';
import type {
  ListPageOf,
  SmppAccount,
  SmppAccountCreateBody,
  SmppAccountPatchBody,
  SmppBind,
  SmppConnection,
  SmppLimits,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export { SMPP_ACCOUNT_TAG };
const LIST = { type: SMPP_ACCOUNT_TAG, id: 'LIST' } as const;

/** SMPP accounts (docs/smpp.md): answers carry the record under `smpp_account`. */
export const smppAccountApi = api.enhanceEndpoints({ addTagTypes: [SMPP_ACCOUNT_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    /** where customers connect (host, port, TLS port), from the server's configuration */
    getSmppConnection: b.query<SmppConnection, void>({ query: () => '/smpp/connection' }),
    listSmppAccounts: b.query<ListPageOf<SmppAccount>, ListQueryArg>({
      query: (params) => ({ url: '/smpp_account/list', params }),
      providesTags: [LIST],
    }),
    getSmppAccount: b.query<SmppAccount, string>({
      query: (id) => `/smpp_account/${encodeURIComponent(id)}`,
      transformResponse: (a: { smpp_account: SmppAccount }) => a.smpp_account,
      providesTags: (_r, _e, id) => [{ type: SMPP_ACCOUNT_TAG, id }],
    }),
    createSmppAccount: b.mutation<SmppAccount, SmppAccountCreateBody>({
      query: (body) => ({ url: '/smpp_account', method: 'POST', body }),
      transformResponse: (a: { smpp_account: SmppAccount }) => a.smpp_account,
      invalidatesTags: [LIST],
    }),
    updateSmppAccount: b.mutation<SmppAccount, { id: string; body: SmppAccountPatchBody }>({
      query: ({ id, body }) => ({ url: `/smpp_account/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: (a: { smpp_account: SmppAccount }) => a.smpp_account,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: SMPP_ACCOUNT_TAG, id }],
    }),
    deleteSmppAccount: b.mutation<unknown, string>({
      query: (id) => ({ url: `/smpp_account/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: SMPP_ACCOUNT_TAG, id }],
    }),
    /** the platform's per-account ceilings (SMPP_TPS_CEILING): shown beside the tps field */
    getSmppLimits: b.query<SmppLimits, void>({ query: () => '/smpp_account/limits' }),
    /** ends a lock after failed binds (and clears their count) */
    unlockSmppAccount: b.mutation<SmppAccount, string>({
      query: (id) => ({ url: `/smpp_account/${encodeURIComponent(id)}/unlock`, method: 'POST' }),
      transformResponse: (a: { smpp_account: SmppAccount }) => a.smpp_account,
      invalidatesTags: (_r, _e, id) => [LIST, { type: SMPP_ACCOUNT_TAG, id }],
    }),
    /** the account's open binds: their counters polled while its page is open, binds and unbinds live */
    listSmppBinds: b.query<SmppBind[], string>({
      query: (id) => `/smpp_account/${encodeURIComponent(id)}/binds`,
      transformResponse: (a: { items: SmppBind[] }) => a.items,
      // a bind or unbind on any node is a live event (LIVE_TAGS smpp)
      providesTags: (_r, _e, id) => [{ type: SMPP_ACCOUNT_TAG, id: `binds-${id}` }],
    }),
  }),
});

export const {
  useListSmppAccountsQuery,
  useLazyListSmppAccountsQuery,
  useGetSmppAccountQuery,
  useCreateSmppAccountMutation,
  useUpdateSmppAccountMutation,
  useDeleteSmppAccountMutation,
  useUnlockSmppAccountMutation,
  useListSmppBindsQuery,
  useGetSmppLimitsQuery,
  useGetSmppConnectionQuery,
} = smppAccountApi;
