import { createAsyncThunk } from '@reduxjs/toolkit';
import { describeApiError } from '@smsc/shared-api/core';
import type { AuthChallenge, AuthRequest, AuthResponse } from '@smsc/shared-contract';
import { authCalls } from './auth-calls';
import { authFailed, authPending, sessionCleared, sessionRestored, sessionStarted } from './session-slice';
import { clearStoredSession, readStoredSession, storeSession, takeReturnPath } from './storage';
import { landingFor } from './areas';

export interface SignInArgs extends AuthRequest {
  /** the address the user wanted before being sent to /login (its `redirect` parameter) */
  wanted?: string | null;
}

/** A sign-in whose password was right and that still needs its second step (two-factor). */
export interface SecondStep {
  two_factor: AuthChallenge['two_factor'];
  challenge: string;
  email: string;
  wanted?: string | null;
}

/**
 * RTK Query's `api.util.resetApiState()`, written out: the thunks run before RTK Query is loaded
 * (it comes with a signed-in area) and must not import it. Before it is loaded there is no cache to
 * drop and the action passes unseen. (store.spec checks the type against the api's own.)
 */
export const RESET_API_STATE = { type: 'api/resetApiState' } as const;

/** Starts the session a sign-in earned and answers where to land. */
function startSession(
  dispatch: (a: unknown) => unknown,
  answer: AuthResponse,
  email: string,
  wanted: string | null | undefined,
): string {
  const session = { token: answer.token, userType: answer.user_type, exp: answer.exp, email };
  const landing = landingFor(session.userType, wanted || takeReturnPath(email));
  storeSession(session);
  dispatch(sessionStarted({ ...session, readOnly: answer.read_only === true }));
  return landing;
}

/**
 * Signs in and answers where to go next (null when refused): the wanted address, else the path
 * remembered for this user at expiry (used up here, once), both only inside the user's own area;
 * else the user's home. Deciding here, not while rendering, keeps the one-time read out of render.
 */
export const signIn = createAsyncThunk(
  'session/signIn',
  async ({ wanted, ...credentials }: SignInArgs, { dispatch }): Promise<string | SecondStep | null> => {
    dispatch(authPending());
    // a previous user's cached records must never reach the next one
    dispatch(RESET_API_STATE);
    const result = await authCalls.login(credentials);
    if ('error' in result) {
      dispatch(authFailed(describeApiError(result.error)));
      return null;
    }
    const email = credentials.email.trim().toLowerCase();
    if ('challenge' in result.data) {
      // no session yet: the login page asks for the code (or the enrolment) next
      dispatch(sessionCleared());
      return { two_factor: result.data.two_factor, challenge: result.data.challenge, email, wanted };
    }
    return startSession(dispatch, result.data, email, wanted);
  },
);

export interface SecondStepArgs {
  step: SecondStep;
  code?: string;
  recovery_code?: string;
}

/** The second step of a sign-in: a TOTP code or a recovery code; answers where to land (null when refused). */
export const completeSignIn = createAsyncThunk(
  'session/completeSignIn',
  async ({ step, code, recovery_code }: SecondStepArgs, { dispatch }): Promise<string | null> => {
    dispatch(authPending());
    const result = await authCalls.verifyTwoFactor({
      challenge: step.challenge,
      ...(code ? { code } : { recovery_code }),
    });
    if ('error' in result) {
      dispatch(authFailed(describeApiError(result.error)));
      return null;
    }
    return startSession(dispatch, result.data, step.email, step.wanted);
  },
);

/**
 * The enrolment a sign-in requires (system admins when the server says so), confirmed by a first code:
 * answers the landing and the recovery codes to show once, or null when refused. The session starts
 * (startEnrolledSession) only after the page has shown the codes, so the route guards do not move on first.
 */
export const completeEnrolment = createAsyncThunk(
  'session/completeEnrolment',
  async ({ step, code }: { step: SecondStep; code: string }, { dispatch }) => {
    dispatch(authPending());
    const result = await authCalls.confirmSignInEnrolment({ challenge: step.challenge, code });
    if ('error' in result) {
      dispatch(authFailed(describeApiError(result.error)));
      return null;
    }
    const { recovery_codes, ...answer } = result.data;
    dispatch(sessionCleared());
    const landing = landingFor(answer.user_type, step.wanted || takeReturnPath(step.email));
    return { landing, recovery_codes, answer };
  },
);

/** Starts the session of a completed enrolment once the user has seen the recovery codes. */
export const startEnrolledSession = createAsyncThunk(
  'session/startEnrolled',
  async ({ answer, step }: { answer: AuthResponse; step: SecondStep }, { dispatch }) =>
    startSession(dispatch, answer, step.email, step.wanted),
);

export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch, getState }) => {
  const token = (getState() as { session: { token: string | null } }).session.token;
  if (token) await authCalls.logout(token);
  clearStoredSession();
  dispatch(sessionCleared());
  dispatch(RESET_API_STATE);
});

/** Start-up (docs/spec.md §4): a stored token is sent as the auth header and verified with the server. */
export const restoreSession = createAsyncThunk('session/restore', async (_: void, { dispatch }) => {
  const stored = readStoredSession();
  if (!stored || stored.exp * 1000 <= Date.now()) {
    clearStoredSession();
    dispatch(sessionCleared());
    return false;
  }
  dispatch(sessionRestored(stored));
  const result = await authCalls.checkToken(stored.token);
  if ('error' in result) {
    clearStoredSession();
    dispatch(sessionCleared());
    return false;
  }
  dispatch(
    sessionStarted({
      ...stored,
      userType: result.data.user_type,
      exp: result.data.exp,
      email: result.data.email ?? stored.email,
      readOnly: result.data.read_only === true,
    }),
  );
  return true;
});
