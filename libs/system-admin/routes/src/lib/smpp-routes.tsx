import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { SMPP_ACCOUNT_ACCESS, smppAccountBundle, smppAccountPages } from '@smsc/resource-smpp-account';
import { systemAdminRoutes } from './route-table';

/** The system admin manages every company's accounts: it sees the company, picks one on the add form and an exact system_id. */
const access: RoleAccess = {
  keys: [SMPP_ACCOUNT_ACCESS.company, SMPP_ACCOUNT_ACCESS.pickCompany, SMPP_ACCOUNT_ACCESS.exactSystemId],
};

/** SMPP accounts (docs/smpp.md): list, add, edit with the live binds, delete. */
export const smppRoutes: RouteObject[] = [
  resourceRoutes(smppAccountBundle, access, { ...smppAccountPages, path: systemAdminRoutes.path('smppAccounts') }),
];
