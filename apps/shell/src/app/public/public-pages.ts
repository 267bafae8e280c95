import { matchPath } from 'react-router';

/**
 * The five public routes (docs/spec.md §2) and the file each one's prerendered page is built into
 * (dist/apps/shell). The build renders them, the API serves them for these paths, and the client
 * hydrates only when #root holds the page of the path it is on.
 */
export const PUBLIC_PAGES = [
  { path: '/login', file: 'login.html' },
  { path: '/registration', file: 'registration.html' },
  { path: '/api_smsc/v1/registration/confirm/:token', file: 'confirm-registration.html' },
  { path: '/forgot-password', file: 'forgot-password.html' },
  { path: '/forgot-password/:token', file: 'reset-password.html' },
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** The public route a path belongs to, if any. */
export function publicPageFor(pathname: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((page) => matchPath({ path: page.path, end: true }, pathname));
}

/**
 * Whether the client hydrates #root rather than rendering afresh: only when it holds the prerendered
 * page of the path the browser is on (a service worker or proxy may answer with another document)
 * and nobody is signed in (the page would render a redirect instead of the form).
 */
export function hydratesPrerender(container: HTMLElement, pathname: string, signedIn: boolean): boolean {
  const prerendered = container.getAttribute('data-prerender');
  return !signedIn && prerendered !== null && publicPageFor(pathname)?.path === prerendered;
}
