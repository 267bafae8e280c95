import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '@smsc/shared-ui/core';
import { homeFor, useAppSelector, type RoleArea } from '@smsc/shared-session';

/**
 * Navigation guard of docs/spec.md §4, for convenience only: the server refuses what a user may not do.
 * Signed out: to /login carrying the wanted address. Another type's area: to the user's own home.
 */
export function RequireArea({ area, children }: { area: RoleArea; children: ReactNode }) {
  const { token, userType, status } = useAppSelector((s) => s.session);
  const location = useLocation();
  if (token && status === 'loading') return <PageLoading label="Checking your session…" />;
  if (!token || !userType) {
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  if (userType !== area.userType) return <Navigate to={homeFor(userType)} replace />;
  return <>{children}</>;
}
