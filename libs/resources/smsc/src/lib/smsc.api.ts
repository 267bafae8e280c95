import { api } from '@smsc/shared-api';
import type {
  ApiAdapter,
  GatewayAnswer,
  GatewayHealth,
  ListPageOf,
  SmscConnection,
  SmscConnectionCreate,
  SmscConnectionPatch,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const SMSC_TAG = 'SmscConnection';
const LIST = { type: SMSC_TAG, id: 'LIST' } as const;
const HEALTH = { type: SMSC_TAG, id: 'HEALTH' } as const;

/** Spec §7 "Other": SMSC connections, the API adapters they use, and the gateway restart. */
export const smscApi = api.enhanceEndpoints({ addTagTypes: [SMSC_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listSmscConnections: b.query<ListPageOf<SmscConnection>, ListQueryArg>({
      query: (params) => ({ url: '/smsc_connection/list', params }),
      providesTags: [LIST],
    }),
    getSmscConnection: b.query<SmscConnection, string>({
      query: (id) => `/smsc_connection/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: SMSC_TAG, id }],
    }),
    createSmscConnection: b.mutation<SmscConnection, SmscConnectionCreate>({
      query: (body) => ({ url: '/smsc_connection', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateSmscConnection: b.mutation<SmscConnection, { id: string; body: SmscConnectionPatch }>({
      query: ({ id, body }) => ({ url: `/smsc_connection/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: SMSC_TAG, id }],
    }),
    deleteSmscConnection: b.mutation<unknown, string>({
      query: (id) => ({ url: `/smsc_connection/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: SMSC_TAG, id }],
    }),
    /** every adapter the gateway speaks (a handful: one page) */
    listApiAdapters: b.query<ListPageOf<ApiAdapter>, void>({
      query: () => ({ url: '/api_adapter/list', params: { page: 0, per_page: 100 } }),
    }),
    restartGateway: b.mutation<GatewayAnswer, void>({
      query: () => ({ url: '/gateway', method: 'POST', body: { command: 'restart' } }),
      invalidatesTags: [HEALTH],
    }),
    /** the links' bind health (Kannel's status.xml, or the built-in simulator's own state) */
    getGatewayHealth: b.query<GatewayHealth, void>({ query: () => '/smsc_connection/status', providesTags: [HEALTH] }),
  }),
});

export const {
  useListSmscConnectionsQuery,
  useLazyListSmscConnectionsQuery,
  useGetSmscConnectionQuery,
  useCreateSmscConnectionMutation,
  useUpdateSmscConnectionMutation,
  useDeleteSmscConnectionMutation,
  useListApiAdaptersQuery,
  useRestartGatewayMutation,
  useGetGatewayHealthQuery,
} = smscApi;
