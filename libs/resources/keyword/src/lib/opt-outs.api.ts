import { api } from '@smsc/shared-api';
import type {
  ConsentEvent,
  ListPageOf,
  OptOutKeywordSet,
  OptOutKeywordSetBody,
  OptOutKeywordSetList,
  OptOutKeywordSetPayload,
  OptOutLanguage,
  OptOutSettings,
  OptOutSettingsBody,
  OptOutSettingsPayload,
} from '@smsc/shared-contract';

const SETTINGS_TAG = 'OptOutSettings';
const WORDS_TAG = 'OptOutWords';
const CONSENT_TAG = 'ConsentEvent';

/**
 * A company admin's opt-out settings (docs/opt-outs.md): GET/PUT /opt_out_settings, GET /opt_out_keyword/list,
 * PUT /opt_out_keyword/{language}, GET /consent_event/list (the server scopes each to the admin's company).
 */
export const optOutApi = api
  .enhanceEndpoints({ addTagTypes: [SETTINGS_TAG, WORDS_TAG, CONSENT_TAG, 'OptOutReply'] })
  .injectEndpoints({
    endpoints: (b) => ({
      getOptOutSettings: b.query<OptOutSettings, void>({
        query: () => '/opt_out_settings',
        transformResponse: (a: OptOutSettingsPayload) => a.opt_out_settings,
        providesTags: [SETTINGS_TAG],
      }),
      setOptOutSettings: b.mutation<OptOutSettings, OptOutSettingsBody>({
        query: (body) => ({ url: '/opt_out_settings', method: 'PUT', body }),
        transformResponse: (a: OptOutSettingsPayload) => a.opt_out_settings,
        invalidatesTags: [SETTINGS_TAG],
      }),
      listOptOutWords: b.query<OptOutKeywordSet[], void>({
        query: () => '/opt_out_keyword/list',
        transformResponse: (a: OptOutKeywordSetList) => a.items,
        providesTags: [WORDS_TAG],
      }),
      // the English STOP and START replies are also the keyword manager's panel (GET/PUT /opt_out_reply)
      setOptOutWords: b.mutation<OptOutKeywordSet, { language: OptOutLanguage; body: OptOutKeywordSetBody }>({
        query: ({ language, body }) => ({ url: `/opt_out_keyword/${language}`, method: 'PUT', body }),
        transformResponse: (a: OptOutKeywordSetPayload) => a.opt_out_keyword,
        invalidatesTags: [WORDS_TAG, 'OptOutReply'],
      }),
      listConsentEvents: b.query<ListPageOf<ConsentEvent>, { number: string; page?: number }>({
        query: (params) => ({ url: '/consent_event/list', params: { ...params, per_page: 50 } }),
        providesTags: [CONSENT_TAG],
      }),
    }),
  });

export const {
  useGetOptOutSettingsQuery,
  useSetOptOutSettingsMutation,
  useListOptOutWordsQuery,
  useSetOptOutWordsMutation,
  useLazyListConsentEventsQuery,
} = optOutApi;
