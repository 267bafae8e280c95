import { createAsyncThunk } from '@reduxjs/toolkit';
import { api, describeApiError } from '@smsc/shared-api';
import type { AuthRequest } from '@smsc/shared-contract';
import { authApi } from './auth-api';
import { authFailed, authPending, sessionCleared, sessionRestored, sessionStarted } from './session-slice';
import { clearStoredSession, readStoredSession, storeSession } from './storage';

export const signIn = createAsyncThunk('session/signIn', async (credentials: AuthRequest, { dispatch }) => {
  dispatch(authPending());
  // a previous user's cached records must never reach the next one
  dispatch(api.util.resetApiState());
  const result = await dispatch(authApi.endpoints.login.initiate(credentials));
  if ('error' in result) {
    dispatch(authFailed(describeApiError(result.error)));
    return false;
  }
  const email = credentials.email.trim().toLowerCase();
  const session = { token: result.data.token, userType: result.data.user_type, exp: result.data.exp, email };
  storeSession(session);
  dispatch(sessionStarted(session));
  return true;
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
