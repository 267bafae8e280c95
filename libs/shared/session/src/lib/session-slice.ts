import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserType } from '@smsc/shared-contract';

export type AuthStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SessionState {
  token: string | null;
  userType: UserType | null;
  /** expiry, seconds since the epoch */
  exp: number | null;
  email: string | null;
  status: AuthStatus;
  error: string | null;
}

const signedOut: SessionState = { token: null, userType: null, exp: null, email: null, status: 'idle', error: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: signedOut,
  reducers: {
    authPending(state) {
      state.status = 'loading';
      state.error = null;
    },
    authFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
    },
    sessionStarted(
      _state,
      action: PayloadAction<{ token: string; userType: UserType; exp: number; email: string | null }>,
    ) {
      return { ...action.payload, status: 'success', error: null };
    },
    /** a stored token was read at start-up; it is trusted only after the server confirms it */
    sessionRestored(
      _state,
      action: PayloadAction<{ token: string; userType: UserType; exp: number; email: string | null }>,
    ) {
      return { ...action.payload, status: 'loading', error: null };
    },
    sessionCleared() {
      return signedOut;
    },
  },
});

export const { authPending, authFailed, sessionStarted, sessionRestored, sessionCleared } = sessionSlice.actions;
