import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserType } from '@smsc/shared-contract';

export type AuthStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SessionState {
  token: string | null;
  userType: UserType | null;
  /** expiry, seconds since the epoch */
  exp: number | null;
  email: string | null;
  /** a read-only login (a reseller's read-only member): the server refuses its writes, the console hides them */
  readOnly?: boolean;
  status: AuthStatus;
  error: string | null;
}

const signedOut: SessionState = {
  token: null,
  userType: null,
  exp: null,
  email: null,
  readOnly: false,
  status: 'idle',
  error: null,
};
type Started = { token: string; userType: UserType; exp: number; email: string | null; readOnly?: boolean };

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
    sessionStarted(_state, action: PayloadAction<Started>) {
      return { ...action.payload, readOnly: action.payload.readOnly ?? false, status: 'success', error: null };
    },
    /** a stored token was read at start-up; it is trusted only after the server confirms it */
    sessionRestored(_state, action: PayloadAction<Started>) {
      return { ...action.payload, readOnly: action.payload.readOnly ?? false, status: 'loading', error: null };
    },
    sessionCleared() {
      return signedOut;
    },
  },
});

export const { authPending, authFailed, sessionStarted, sessionRestored, sessionCleared } = sessionSlice.actions;
