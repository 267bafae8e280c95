import { api } from '@smsc/shared-api';
import type { AutoRecharge, AutoRechargePut, CardSetupAnswer } from '@smsc/shared-contract';
import { GUARDS_TAG } from './guards.api';

const RECHARGE_TAG = 'AutoRecharge';
const path = (id: string) => `/company/${encodeURIComponent(id)}/auto-recharge`;

/** A company's auto-recharge (docs/guards.md): settings, the saved card, the last attempts. */
export const autoRechargeApi = api.enhanceEndpoints({ addTagTypes: [RECHARGE_TAG, GUARDS_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    getAutoRecharge: b.query<AutoRecharge, string>({
      query: (id) => path(id),
      providesTags: (_r, _e, id) => [{ type: RECHARGE_TAG, id }],
    }),
    updateAutoRecharge: b.mutation<AutoRecharge, { id: string; body: AutoRechargePut }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
      // the banner's failed-recharge tag goes once it is turned on again
      invalidatesTags: (_r, _e, { id }) => [
        { type: RECHARGE_TAG, id },
        { type: GUARDS_TAG, id: 'ALERTS' },
      ],
    }),
    startCardSetup: b.mutation<CardSetupAnswer, string>({
      query: (id) => ({ url: `${path(id)}/card`, method: 'POST' }),
    }),
    removeCard: b.mutation<AutoRecharge, string>({
      query: (id) => ({ url: `${path(id)}/card`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: RECHARGE_TAG, id }],
    }),
  }),
});

export const {
  useGetAutoRechargeQuery,
  useUpdateAutoRechargeMutation,
  useStartCardSetupMutation,
  useRemoveCardMutation,
} = autoRechargeApi;
