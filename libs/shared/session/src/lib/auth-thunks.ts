import { createAsyncThunk } from '@reduxjs/toolkit';
import { api, describeApiError } from '@smsc/shared-api';
import type { AuthRequest } from '@smsc/shared-contract';
import { authApi } from './auth-api';
import { authFailed, authPending, sessionCleared, sessionRestored, sessionStarted } from './session-slice';
import { clearStoredSession, readStoredSession, storeSession, takeReturnPath } from './storage';
import { landingFor } from './areas';

export interface SignInArgs extends AuthRequest {
  /** the address the user wanted before being sent to /login (its `redirect` parameter) */
  wanted?: string | null;
}

/**
 * Signs in and answers where to go next (null when refused): the wanted address, else the path
 * remembered for this user at expiry (used up here, once), both only inside the user's own area;
 * else the user's home. Deciding here, not while rendering, keeps the one-time read out of render.
 */
export const signIn = createAsyncThunk('session/signIn', async ({ wanted, ...credentials }: SignInArgs, { dispatch }): Promise<string | null> => {
  dispatch(authPending());
  // a previous user's cached records must never reach the next one
  dispatch(api.util.resetApiState());
  const result = await dispatch(authApi.endpoints.login.initiate(credentials));
  if ('error' in result) {
    dispatch(authFailed(describeApiError(result.error)));
    return null;
  }
  const email = credentials.email.trim().toLowerCase();
  const session = { token: result.data.token, userType: result.data.user_type, exp: result.data.exp, email };
  const landing = landingFor(session.userType, wanted || takeReturnPath(email));
  storeSession(session);
  dispatch(sessionStarted(session));
  return landing;
});

export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch, getState }) => {
  const token = (getState() as { session: { token: string | null } }).session.token;
  if (token) await dispatch(authApi.endpoints.logout.initiate());
  clearStoredSession();
  dispatch(sessionCleared());
  dispatch(api.util.resetApiState());
});

/** Start-up (spec §4): a stored token is sent as the auth header and verified with the server. */
export const restoreSession = createAsyncThunk('session/restore', async (_: void, { dispatch }) => {
  const stored = readStoredSession();
  if (!stored || stored.exp * 1000 <= Date.now()) {
    clearStoredSession();
    dispatch(sessionCleared());
    return false;
  }
  dispatch(sessionRestored(stored));
  const result = await dispatch(authApi.endpoints.checkToken.initiate());
  if ('error' in result) {
    clearStoredSession();
    dispatch(sessionCleared());
    return false;
  }
  dispatch(sessionStarted({ ...stored, userType: result.data.user_type, exp: result.data.exp, email: result.data.email ?? stored.email }));
  return true;
});
