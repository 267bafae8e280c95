import { api } from '@smsc/shared-api';
import type { AuthRequest, AuthResponse, CheckTokenResponse, RegistrationRequest, ResetEmailRequest, ResetPasswordRequest } from '@smsc/shared-contract';

export type TokenCheck = CheckTokenResponse;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, AuthRequest>({ query: (body) => ({ url: '/auth', method: 'POST', body }) }),
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
  useRegisterMutation, useConfirmRegistrationMutation, useRequestPasswordResetMutation, useResetPasswordMutation,
} = authApi;
