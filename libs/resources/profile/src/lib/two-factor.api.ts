import { api } from '@smsc/shared-api';
import type {
  MessageBody,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@smsc/shared-contract';

const TAG = 'TwoFactor';

/** The signed-in user's own two-factor sign-in (the profile's Two-factor section). */
export const twoFactorApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getTwoFactor: build.query<TwoFactorStatus, void>({ query: () => '/auth/2fa', providesTags: [TAG] }),
    /** the secret in the answer is shown during this enrolment only; the server never returns it again */
    setupTwoFactor: build.mutation<TwoFactorSetup, void>({ query: () => ({ url: '/auth/2fa/setup', method: 'POST' }) }),
    enableTwoFactor: build.mutation<TwoFactorEnabled, TwoFactorCodeBody>({
      query: (body) => ({ url: '/auth/2fa/enable', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    disableTwoFactor: build.mutation<MessageBody, TwoFactorDisableBody>({
      query: (body) => ({ url: '/auth/2fa/disable', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
  }),
});

export const {
  useGetTwoFactorQuery,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;
