import { api } from '@smsc/shared-api';
import type {
  AuthRequest, AuthResponse, ChallengeBody, CheckTokenResponse, RegistrationRequest, ResetEmailRequest, ResetPasswordRequest, SignInAnswer,
  TwoFactorEnrolBody, TwoFactorEnrolled, TwoFactorSetup, TwoFactorVerifyBody,
} from '@smsc/shared-contract';

export type TokenCheck = CheckTokenResponse;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** a session, or a challenge when a second step (two-factor code or enrolment) is due */
    login: build.mutation<SignInAnswer, AuthRequest>({ query: (body) => ({ url: '/auth', method: 'POST', body }) }),
    verifyTwoFactor: build.mutation<AuthResponse, TwoFactorVerifyBody>({ query: (body) => ({ url: '/auth/2fa', method: 'POST', body }) }),
    startSignInEnrolment: build.mutation<TwoFactorSetup, ChallengeBody>({ query: (body) => ({ url: '/auth/2fa/enrol/setup', method: 'POST', body }) }),
    confirmSignInEnrolment: build.mutation<TwoFactorEnrolled, TwoFactorEnrolBody>({ query: (body) => ({ url: '/auth/2fa/enrol', method: 'POST', body }) }),
    checkToken: build.mutation<TokenCheck, void>({ query: () => ({ url: '/auth/check-token', method: 'POST' }) }),
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    register: build.mutation<unknown, RegistrationRequest>({ query: (body) => ({ url: '/registration', method: 'POST', body }) }),
    confirmRegistration: build.mutation<unknown, string>({
      query: (token) => ({ url: `/registration/confirm/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
    requestPasswordReset: build.mutation<unknown, ResetEmailRequest>({ query: (body) => ({ url: '/auth/reset_email', method: 'POST', body }) }),
    resetPassword: build.mutation<unknown, { token: string } & ResetPasswordRequest>({
      query: ({ token, passwd }) => ({ url: `/auth/reset_password/${encodeURIComponent(token)}`, method: 'POST', body: { passwd } }),
    }),
  }),
});

export const {
  useStartSignInEnrolmentMutation,
  useRegisterMutation, useConfirmRegistrationMutation, useRequestPasswordResetMutation, useResetPasswordMutation,
} = authApi;
