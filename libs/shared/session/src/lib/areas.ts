import type { UserType } from '@smsc/shared-contract';

export interface RoleArea {
  userType: UserType;
  /** first path segment of the role's routes */
  basePath: string;
  /** federation container name of the remote that renders the area */
  remote: string;
  label: string;
}

export const ROLE_AREAS: readonly RoleArea[] = [
  { userType: 'admin', basePath: '/system-admin', remote: 'system_admin', label: 'System admin' },
  { userType: 'company_admin', basePath: '/company-admin', remote: 'company_admin', label: 'Company admin' },
  { userType: 'user', basePath: '/company-user', remote: 'company_user', label: 'Company user' },
  { userType: 'reseller', basePath: '/reseller', remote: 'reseller', label: 'Reseller' },
];

export function homeFor(userType: UserType | null | undefined): string {
  return ROLE_AREAS.find((a) => a.userType === userType)?.basePath ?? '/login';
}

/** The role area a path belongs to, if any. */
export function areaOf(path: string): RoleArea | undefined {
  const pathname = path.split(/[?#]/, 1)[0];
  return ROLE_AREAS.find((a) => pathname === a.basePath || pathname.startsWith(`${a.basePath}/`));
}

/**
 * Where a user of this type may be sent: the wanted address when it lies inside their own area
 * (another type's address would only bounce off the guard), else their home.
 */
export function landingFor(userType: UserType, wanted: string | null | undefined): string {
  return wanted && areaOf(wanted)?.userType === userType ? wanted : homeFor(userType);
}
