import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { SMPP_ACCOUNT_ACCESS, smppAccountBundle, smppAccountPages } from '@smsc/resource-smpp-account';
import { resellerRoutes } from './route-table';

/** A reseller manages its companies' accounts: it sees the company and picks one on the add form. */
const access: RoleAccess = {
  keys: [SMPP_ACCOUNT_ACCESS.company, SMPP_ACCOUNT_ACCESS.pickCompany, SMPP_ACCOUNT_ACCESS.suffixedSystemId],
};

/** SMPP accounts (docs/smpp.md): list, add, edit with the live binds, delete. */
export const smppRoutes: RouteObject[] = [
  resourceRoutes(smppAccountBundle, access, { ...smppAccountPages, path: resellerRoutes.path('smppAccounts') }),
];
