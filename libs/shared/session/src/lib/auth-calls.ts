import { useCallback, useState } from 'react';
import { callApi, type CallFailure, type CallResult } from '@smsc/shared-api/core';
import type {
  AuthRequest,
  AuthResponse,
  ChallengeBody,
  CheckTokenResponse,
  RegistrationRequest,
  ResetEmailRequest,
  ResetPasswordRequest,
  SignInAnswer,
  TwoFactorEnrolBody,
  TwoFactorEnrolled,
  TwoFactorSetup,
  TwoFactorVerifyBody,
} from '@smsc/shared-contract';

export type TokenCheck = CheckTokenResponse;

/**
 * The calls made before and during sign-in, as plain requests: the public pages and the sign-in
 * run before RTK Query is loaded (it comes with a signed-in area), so none of them uses it.
 */
export const authCalls = {
  /** a session, or a challenge when a second step (two-factor code or enrolment) is due */
  login: (body: AuthRequest) => callApi<SignInAnswer>('/auth', { body }),
  verifyTwoFactor: (body: TwoFactorVerifyBody) => callApi<AuthResponse>('/auth/2fa', { body }),
  startSignInEnrolment: (body: ChallengeBody) => callApi<TwoFactorSetup>('/auth/2fa/enrol/setup', { body }),
  confirmSignInEnrolment: (body: TwoFactorEnrolBody) => callApi<TwoFactorEnrolled>('/auth/2fa/enrol', { body }),
  checkToken: (token: string) => callApi<TokenCheck>('/auth/check-token', { token }),
  logout: (token: string) => callApi<unknown>('/auth/logout', { token }),
  register: (body: RegistrationRequest) => callApi<unknown>('/registration', { body }),
  confirmRegistration: (token: string) => callApi<unknown>(`/registration/confirm/${encodeURIComponent(token)}`),
  requestPasswordReset: (body: ResetEmailRequest) => callApi<unknown>('/auth/reset_email', { body }),
  resetPassword: ({ token, passwd }: { token: string } & ResetPasswordRequest) =>
    callApi<unknown>(`/auth/reset_password/${encodeURIComponent(token)}`, { body: { passwd } }),
};

export interface CallState<T> {
  isUninitialized: boolean;
  isLoading: boolean;
  isSuccess: boolean;
  data?: T;
  error?: CallFailure;
}

/** A call's progress for a screen, in the words of an RTK Query mutation's result. */
export function useCall<A, T>(
  call: (arg: A) => Promise<CallResult<T>>,
): readonly [(arg: A) => Promise<CallResult<T>>, CallState<T>] {
  const [state, setState] = useState<CallState<T>>({ isUninitialized: true, isLoading: false, isSuccess: false });
  const run = useCallback(
    async (arg: A) => {
      setState({ isUninitialized: false, isLoading: true, isSuccess: false });
      const result = await call(arg);
      setState(
        'error' in result
          ? { isUninitialized: false, isLoading: false, isSuccess: false, error: result.error }
          : { isUninitialized: false, isLoading: false, isSuccess: true, data: result.data },
      );
      return result;
    },
    [call],
  );
  return [run, state] as const;
}

export const useRegistration = () => useCall(authCalls.register);
export const useConfirmRegistration = () => useCall(authCalls.confirmRegistration);
export const useRequestPasswordReset = () => useCall(authCalls.requestPasswordReset);
export const useResetPassword = () => useCall(authCalls.resetPassword);
export const useStartSignInEnrolment = () => useCall(authCalls.startSignInEnrolment);
