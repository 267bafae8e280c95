import { api, GUARDS_TAG } from '@smsc/shared-api';
import type {
  CompanyGuards,
  CompanyGuardsPut,
  CountryPriceList,
  GuardAlerts,
  GuardSettings,
  GuardSettingsPut,
  PumpingHold,
} from '@smsc/shared-contract';

export { GUARDS_TAG };

/** The spend and fraud guards of a company (docs/guards.md): limits, countries, holds, the low-balance banner. */
export const guardsApi = api.enhanceEndpoints({ addTagTypes: [GUARDS_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    getCompanyGuards: b.query<CompanyGuards, string>({
      query: (id) => `/company/${encodeURIComponent(id)}/guards`,
      providesTags: (_r, _e, id) => [{ type: GUARDS_TAG, id }],
    }),
    getCompanyCountries: b.query<CountryPriceList, string>({
      query: (id) => `/company/${encodeURIComponent(id)}/guards/countries`,
      providesTags: (_r, _e, id) => [{ type: GUARDS_TAG, id }],
    }),
    updateCompanyGuards: b.mutation<CompanyGuards, { id: string; body: CompanyGuardsPut }>({
      query: ({ id, body }) => ({ url: `/company/${encodeURIComponent(id)}/guards`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: GUARDS_TAG, id },
        { type: GUARDS_TAG, id: 'ALERTS' },
      ],
    }),
    releaseHold: b.mutation<PumpingHold, { hold_uuid: string; company_uuid: string }>({
      query: ({ hold_uuid }) => ({ url: `/guards/holds/${encodeURIComponent(hold_uuid)}/release`, method: 'POST' }),
      invalidatesTags: (_r, _e, { company_uuid }) => [
        { type: GUARDS_TAG, id: company_uuid },
        { type: GUARDS_TAG, id: 'ALERTS' },
      ],
    }),
    getGuardAlerts: b.query<GuardAlerts, void>({
      query: () => '/guards/alerts',
      providesTags: [{ type: GUARDS_TAG, id: 'ALERTS' }],
    }),
    /** the pumping check's thresholds (the system admin) */
    getGuardSettings: b.query<GuardSettings, void>({
      query: () => '/guards/settings',
      providesTags: [{ type: GUARDS_TAG, id: 'SETTINGS' }],
    }),
    updateGuardSettings: b.mutation<GuardSettings, GuardSettingsPut>({
      query: (body) => ({ url: '/guards/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: GUARDS_TAG, id: 'SETTINGS' }],
    }),
  }),
});

export const {
  useGetCompanyGuardsQuery,
  useGetCompanyCountriesQuery,
  useUpdateCompanyGuardsMutation,
  useReleaseHoldMutation,
  useGetGuardAlertsQuery,
  useGetGuardSettingsQuery,
  useUpdateGuardSettingsMutation,
} = guardsApi;
