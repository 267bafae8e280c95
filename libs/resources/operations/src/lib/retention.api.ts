import { api, SMS_TAG } from '@smsc/shared-api';
import type {
  PageQuery,
  RetentionArchive,
  RetentionPass,
  RetentionSettings,
  RetentionSettingsPut,
} from '@smsc/shared-contract';

export const RETENTION_TAG = 'Retention' as const;

interface Page<T> {
  items: T[];
  total: number;
  per_page: number;
}

/** Message retention (docs/retention.md): the platform's defaults, the passes and the archive files. */
export const retentionApi = api.enhanceEndpoints({ addTagTypes: [RETENTION_TAG, SMS_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    getRetentionSettings: b.query<RetentionSettings, void>({
      query: () => '/retention/settings',
      providesTags: [{ type: RETENTION_TAG, id: 'SETTINGS' }],
    }),
    updateRetentionSettings: b.mutation<RetentionSettings, RetentionSettingsPut>({
      query: (body) => ({ url: '/retention/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: RETENTION_TAG, id: 'SETTINGS' }],
    }),
    listRetentionPasses: b.query<Page<RetentionPass>, PageQuery>({
      query: (params) => ({ url: '/retention/passes', params }),
      providesTags: [{ type: RETENTION_TAG, id: 'PASSES' }],
    }),
    listRetentionArchives: b.query<Page<RetentionArchive>, PageQuery>({
      query: (params) => ({ url: '/retention/archives', params }),
      providesTags: [{ type: RETENTION_TAG, id: 'ARCHIVES' }],
    }),
    runRetention: b.mutation<RetentionPass, void>({
      query: () => ({ url: '/retention/run', method: 'POST' }),
      // a pass redacts and removes messages: an SMS list or message the console holds is read again
      invalidatesTags: [{ type: RETENTION_TAG, id: 'PASSES' }, { type: RETENTION_TAG, id: 'ARCHIVES' }, SMS_TAG],
    }),
    /** an archive file as an object URL (the call carries the session's token, a bare link would not) */
    retentionArchiveUrl: b.mutation<string, string>({
      query: (id) => ({
        url: `/retention/archives/${encodeURIComponent(id)}/download`,
        cache: 'no-store',
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
  }),
});

export const {
  useGetRetentionSettingsQuery,
  useUpdateRetentionSettingsMutation,
  useListRetentionPassesQuery,
  useListRetentionArchivesQuery,
  useRunRetentionMutation,
  useRetentionArchiveUrlMutation,
} = retentionApi;
