import type {
  CallWorkflow,
  CompanyWebhookAttempt,
  CompanyWebhookTestResult,
  CallWorkflowBody,
  DidImportLogEntry,
  DidImportResult,
  DidKannelImportBody,
  DidWebhook,
  DidWebhookCreateBody,
  DidWebhookPatchBody,
  DidWebhookPayload,
  ListPageOf,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';
import { DID_TAG, didApi } from './did.api';

const FLOW = 'CallFlow';
const LOG = 'DidImportLog';
const HOOK = 'DidWebhook';
const enc = encodeURIComponent;

/** Call flows, the import log and the Kannel import, DID webhooks (the rest of docs/spec.md §7 "Numbers"). */
export const didExtrasApi = didApi.enhanceEndpoints({ addTagTypes: [FLOW, LOG, HOOK] }).injectEndpoints({
  endpoints: (b) => ({
    getCallWorkflow: b.query<CallWorkflow | null, string>({
      // a number without a flow answers 404: the editor starts empty
      queryFn: async (did, _api, _extra, base) => {
        const r = await base(`/call_workflow/${enc(did)}`);
        if (r.error) return (r.error as { status?: unknown }).status === 404 ? { data: null } : { error: r.error };
        return { data: (r.data as { call_workflow: CallWorkflow }).call_workflow };
      },
      providesTags: (_r, _e, did) => [{ type: FLOW, id: did }],
    }),
    saveCallWorkflow: b.mutation<CallWorkflow, CallWorkflowBody>({
      query: (body) => ({ url: '/call_workflow', method: 'POST', body }),
      transformResponse: (a: { call_workflow: CallWorkflow }) => a.call_workflow,
      invalidatesTags: [FLOW],
    }),
    importDidsFromKannel: b.mutation<DidImportResult, DidKannelImportBody>({
      query: (body) => ({ url: '/did/kannel/import', method: 'POST', body }),
      invalidatesTags: [{ type: DID_TAG, id: 'LIST' }, LOG],
    }),
    listDidImportLog: b.query<ListPageOf<DidImportLogEntry>, ListQueryArg>({
      query: (params) => ({ url: '/did/kannel/import/log', params }),
      providesTags: [LOG],
    }),
    listDidWebhooks: b.query<ListPageOf<DidWebhook>, ListQueryArg>({
      query: (params) => ({ url: '/did/webhook/list', params }),
      providesTags: [{ type: HOOK, id: 'LIST' }],
    }),
    createDidWebhook: b.mutation<DidWebhookPayload, DidWebhookCreateBody>({
      query: (body) => ({ url: '/did/webhook', method: 'POST', body }),
      invalidatesTags: [{ type: HOOK, id: 'LIST' }],
    }),
    updateDidWebhook: b.mutation<DidWebhookPayload, { id: string; body: DidWebhookPatchBody }>({
      query: ({ id, body }) => ({ url: `/did/webhook/${enc(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: HOOK, id: 'LIST' },
        { type: HOOK, id },
      ],
    }),
    deleteDidWebhook: b.mutation<unknown, string>({
      query: (id) => ({ url: `/did/webhook/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: HOOK, id: 'LIST' }],
    }),
    listWebhookDeliveries: b.query<CompanyWebhookAttempt[], string>({
      query: (id) => `/did/webhook/${enc(id)}/deliveries`,
      transformResponse: (a: { items: CompanyWebhookAttempt[] }) => a.items,
      providesTags: (_r, _e, id) => [{ type: HOOK, id }],
    }),
    // a signed webhook.test event, its first attempt made at once; the log and the list show it after
    testDidWebhook: b.mutation<CompanyWebhookTestResult, string>({
      query: (id) => ({ url: `/did/webhook/${enc(id)}/test`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [
        { type: HOOK, id: 'LIST' },
        { type: HOOK, id },
      ],
    }),
  }),
});

export const {
  useGetCallWorkflowQuery,
  useSaveCallWorkflowMutation,
  useImportDidsFromKannelMutation,
  useListDidImportLogQuery,
  useLazyListDidImportLogQuery,
  useListDidWebhooksQuery,
  useCreateDidWebhookMutation,
  useUpdateDidWebhookMutation,
  useDeleteDidWebhookMutation,
  useListWebhookDeliveriesQuery,
  useTestDidWebhookMutation,
} = didExtrasApi;
