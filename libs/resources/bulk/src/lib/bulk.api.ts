import { api } from '@smsc/shared-api';
import type { Bulk, BulkActionResult, BulkCreateBody, BulkCreated, BulkReport, BulkRouteStatus, Company, Did, ListPageOf } from '@smsc/shared-contract';

export const BULK_TAG = 'Bulk';
const LIST = { type: BULK_TAG, id: 'LIST' } as const;
/** A running bulk is re-read this often (live progress without a reload). */
export const BULK_POLL_MS = 1500;

/** The three lists of spec §7: plain bulks, bulks rotating over an ANI group, delayed (file) bulks. */
export type BulkListKind = 'bulk' | 'bulk_random' | 'bulk_sms';
export interface BulkListArg { kind: BulkListKind; page: number; per_page: number }
export interface BulkReportArg { id: string; page: number; per_page: number; route_status?: BulkRouteStatus }
export interface DelayedUpload { ani: string; text: string; file: File; send_at?: string; company_uuid?: string }

/** Bulks that may still change: lists and reports poll while one is shown. */
export const isLive = (status: string) => status === 'running' || status === 'scheduled';

export const bulkApi = api.enhanceEndpoints({ addTagTypes: [BULK_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    createBulk: b.mutation<BulkCreated, BulkCreateBody>({
      query: (body) => ({ url: '/bulk', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** spec §7: the delayed bulk is a file upload (multipart, the CSV in "file") */
    createDelayedBulk: b.mutation<BulkCreated, DelayedUpload>({
      query: ({ file, ...fields }) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
        form.append('file', file, file.name);
        return { url: '/bulk_sms_delayed', method: 'POST', body: form };
      },
      invalidatesTags: [LIST],
    }),
    listBulks: b.query<ListPageOf<Bulk>, BulkListArg>({
      query: ({ kind, page, per_page }) => ({ url: `/${kind}/list`, params: { page, per_page } }),
      providesTags: [LIST],
    }),
    bulkReport: b.query<BulkReport, BulkReportArg>({
      query: ({ id, ...params }) => ({ url: `/bulk/${encodeURIComponent(id)}/report`, params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) }),
      providesTags: (_r, _e, a) => [{ type: BULK_TAG, id: a.id }],
    }),
    bulkAction: b.mutation<BulkActionResult, { id: string; action: 'run' | 'hold'; delayed?: boolean }>({
      query: ({ id, action, delayed }) => ({ url: `/${delayed ? 'bulk_sms' : 'bulk'}/${encodeURIComponent(id)}/${action}`, method: 'POST' }),
      invalidatesTags: (_r, _e, a) => [LIST, { type: BULK_TAG, id: a.id }],
    }),
    bulkSenders: b.query<ListPageOf<Did>, { company_uuid?: string }>({
      query: (a) => ({ url: '/did/company/list', params: { per_page: 1000, did_type: 'ani', ...(a.company_uuid ? { company_uuid: a.company_uuid } : {}) } }),
    }),
    bulkCompanies: b.query<ListPageOf<Company>, void>({
      query: () => ({ url: '/company/list', params: { per_page: 10000, order_by: 'company_name', order_dir: 'asc', status: 'active' } }),
    }),
  }),
});

export const {
  useCreateBulkMutation, useCreateDelayedBulkMutation, useListBulksQuery, useBulkReportQuery, useBulkActionMutation, useBulkSendersQuery, useBulkCompaniesQuery,
} = bulkApi;
