import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { SMPP_ACCOUNT_ACCESS, smppAccountBundle, smppAccountPages } from '@smsc/resource-smpp-account';
import { companyAdminRoutes } from './route-table';

/** A company admin manages its own company's accounts: no company column or picker; its system_ids get a suffix. */
const access: RoleAccess = { keys: [SMPP_ACCOUNT_ACCESS.suffixedSystemId] };

/** SMPP accounts (docs/smpp.md): list, add, edit with the live binds, delete. */
export const smppRoutes: RouteObject[] = [
  resourceRoutes(smppAccountBundle, access, { ...smppAccountPages, path: companyAdminRoutes.path('smppAccounts') }),
];
