import { api, BULK_TAG, DID_TAG, GUARDS_TAG, LEDGER_LIST, LEDGER_TAG } from '@smsc/shared-api';
import type {
  Bulk,
  BulkActionResult,
  BulkCreateBody,
  BulkCreated,
  BulkEstimate,
  BulkEstimateBody,
  BulkReport,
  BulkRouteStatus,
  Did,
  ListPageOf,
} from '@smsc/shared-contract';

export { BULK_TAG };
const LIST = { type: BULK_TAG, id: 'LIST' } as const;
/**
 * A live bulk is re-read this often (live progress without a reload). One read is one page of bulks and
 * their summed counts (a few small queries); the poll stops when nothing shown is live or the tab is hidden.
 */
export const BULK_POLL_MS = 2000;

/** The three lists of docs/spec.md §7: plain bulks, bulks rotating over an ANI group, delayed (file) bulks. */
export type BulkListKind = 'bulk' | 'bulk_random' | 'bulk_sms';
export interface BulkListArg {
  kind: BulkListKind;
  page: number;
  per_page: number;
}
export interface BulkReportArg {
  id: string;
  page: number;
  per_page: number;
  route_status?: BulkRouteStatus;
}
/** One Idempotency-Key per filled form: a double click or a retry of it creates one bulk on the server. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

export interface DelayedUpload {
  /** sent as the Idempotency-Key header */
  key: string;
  ani: string;
  text: string;
  file: File;
  send_at?: string;
  company_uuid?: string;
}

/**
 * Bulks whose figures may still change: running or scheduled, held for its balance (it goes on by itself
 * after a top-up), or finished sending with receipts still to come. Lists and reports poll while one is shown.
 */
export const isLive = (b: Pick<Bulk, 'status' | 'hold_reason' | 'progress'>) =>
  b.status === 'running' ||
  b.status === 'scheduled' ||
  b.hold_reason === 'balance' ||
  (b.status !== 'held' && b.progress.awaiting > 0);

export const bulkApi = api
  .enhanceEndpoints({ addTagTypes: [BULK_TAG, LEDGER_TAG, DID_TAG, GUARDS_TAG] })
  .injectEndpoints({
    endpoints: (b) => ({
      /** `key` goes out as the Idempotency-Key header: a double click or a retry creates one bulk */
      createBulk: b.mutation<BulkCreated, { body: BulkCreateBody; key: string }>({
        query: ({ body, key }) => ({ url: '/bulk', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
        // a started bulk holds money as it goes: the header balance reads again (and polls while money is held)
        invalidatesTags: [LIST, LEDGER_LIST, GUARDS_TAG],
      }),
      /** what the bulk would cost now (parts, cost, refusals) against the balance; sends nothing */
      estimateBulk: b.query<BulkEstimate, BulkEstimateBody>({
        query: (body) => ({ url: '/bulk/estimate', method: 'POST', body }),
        providesTags: [LEDGER_LIST],
      }),
      /** docs/spec.md §7: the delayed bulk is a file upload (multipart, the CSV in "file") */
      createDelayedBulk: b.mutation<BulkCreated, DelayedUpload>({
        query: ({ file, key, ...fields }) => {
          const form = new FormData();
          for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
          form.append('file', file, file.name);
          return { url: '/bulk_sms_delayed', method: 'POST', body: form, headers: { 'Idempotency-Key': key } };
        },
        invalidatesTags: [LIST, LEDGER_LIST, GUARDS_TAG],
      }),
      listBulks: b.query<ListPageOf<Bulk>, BulkListArg>({
        query: ({ kind, page, per_page }) => ({ url: `/${kind}/list`, params: { page, per_page } }),
        providesTags: [LIST],
      }),
      bulkReport: b.query<BulkReport, BulkReportArg>({
        query: ({ id, ...params }) => ({
          url: `/bulk/${encodeURIComponent(id)}/report`,
          params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)),
        }),
        providesTags: (_r, _e, a) => [{ type: BULK_TAG, id: a.id }],
      }),
      bulkAction: b.mutation<BulkActionResult, { id: string; action: 'run' | 'hold'; delayed?: boolean }>({
        query: ({ id, action, delayed }) => ({
          url: `/${delayed ? 'bulk_sms' : 'bulk'}/${encodeURIComponent(id)}/${action}`,
          method: 'POST',
        }),
        invalidatesTags: (_r, _e, a) => [LIST, { type: BULK_TAG, id: a.id }, LEDGER_LIST, GUARDS_TAG],
      }),
      bulkSenders: b.query<ListPageOf<Did>, { company_uuid?: string }>({
        query: (a) => ({
          url: '/did/company/list',
          params: { per_page: 1000, did_type: 'ani', ...(a.company_uuid ? { company_uuid: a.company_uuid } : {}) },
        }),
        // a number bought or assigned since shows up as a sender
        providesTags: [{ type: DID_TAG, id: 'LIST' }],
      }),
    }),
  });

export const {
  useCreateBulkMutation,
  useCreateDelayedBulkMutation,
  useEstimateBulkQuery,
  useListBulksQuery,
  useBulkReportQuery,
  useBulkActionMutation,
  useBulkSendersQuery,
} = bulkApi;
