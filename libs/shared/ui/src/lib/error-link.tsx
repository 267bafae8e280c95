import { Link, useLocation } from 'react-router';
import { ERROR_LINK_PATHS, type ErrorLinkTarget } from '@smsc/shared-api/core';

/** The screen an error's next step is done on, in the role area the person is in; null where the area has none. */
export function errorLinkIn(pathname: string, target?: ErrorLinkTarget): { to: string; label: string } | null {
  if (!target) return null;
  const area = pathname.split('/')[1] ?? '';
  const place = ERROR_LINK_PATHS[area]?.[target];
  return place ? { to: `/${area}/${place.path}`, label: place.label } : null;
}

/** A link to where an error's next step is done (error-words.ts), or nothing. */
export function ErrorLink({ target }: { target?: ErrorLinkTarget }) {
  const { pathname } = useLocation();
  const link = errorLinkIn(pathname, target);
  return link ? <Link to={link.to}>{link.label}</Link> : null;
}
