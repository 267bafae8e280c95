import { useEffect } from 'react';
import { startLiveEvents } from '@smsc/shared-api';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Keeps the session's live event stream open while it is signed in (a confirmed session, not a stored token still
 * being checked): each event makes the cached reads it names stale (libs/shared/api live-events.ts), so what is on
 * screen follows the server. A new token (a new sign-in) opens a new stream; signing out closes it.
 */
export function useLiveEvents() {
  const token = useAppSelector((s) => (s.session.status === 'success' ? s.session.token : null));
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token) return;
    return startLiveEvents({ token, dispatch });
  }, [token, dispatch]);
}
