import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberReturnPath, signOut, useAppDispatch, useAppSelector } from '@smsc/shared-session';

/** docs/spec.md §4: 60 s before the token expires, remember where the user was and log them out. */
export const EXPIRY_LEAD_MS = 60_000;

export function useExpiryLogout() {
  const { token, exp, email } = useAppSelector((s) => s.session);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!token || !exp) return;
    const delay = Math.max(0, exp * 1000 - EXPIRY_LEAD_MS - Date.now());
    const timer = setTimeout(async () => {
      if (email) rememberReturnPath(email, here);
      await dispatch(signOut());
      navigate('/login', { replace: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [token, exp, email, here, dispatch, navigate]);
}
