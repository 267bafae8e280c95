import type { RouteObject } from 'react-router';
import {
  CreatePage,
  ListPage,
  definitionFor,
  resourceRoutes,
  type ListQueryArg,
  type ResourceBundle,
  type RoleAccess,
  type ServerCsv,
} from '@smsc/shared-ui';
import type { Sms } from '@smsc/shared-contract';
import { zonedDay } from '@smsc/shared-util';
import { INCOMING, OUTGOING, SMS_ACCESS, smsBundle, smsDefinition, suppressionBundle } from './sms.resource';

// Keyed list pages: React Router keeps a component at the same place in the tree when the route changes,
// and another resource's ListPage calls a different set of hooks (a bundle without delete or lazy list).
function scopedLog(access: RoleAccess, name: string, title: string): ResourceBundle<Sms> {
  // built once per route table: lists key their URL state on the definition object
  return { ...smsBundle, definition: { ...definitionFor(smsDefinition, access.keys), name, title } };
}

/**
 * Export CSV of a log: the server streams every message of the list's filters (GET /sms/list takes
 * the same filters with format=csv), so a million-row log is not read page by page in the browser.
 */
export function logCsv(name: string) {
  return ({ page: _page, per_page: _per, ...filters }: ListQueryArg): ServerCsv => ({
    path: '/sms/list',
    params: filters,
    fileName: `${name}-${zonedDay(new Date())}.csv`,
  });
}
const incomingCsv = logCsv('sms-incoming');
const outgoingCsv = logCsv('sms-outgoing');
const bothCsv = logCsv('sms-log');

/**
 * Spec §2 sms-log: redirects to incoming; incoming and outgoing, read-only, filterable, exportable.
 * `path` is the log's path in the role's route table ('sms-log').
 */
export function smsLogRoutes(access: RoleAccess, path: string): RouteObject {
  const incoming = scopedLog(access, 'sms-incoming', 'Incoming SMS');
  const outgoing = scopedLog(access, 'sms-outgoing', 'Outgoing SMS');
  return resourceRoutes(smsBundle, access, {
    path,
    redirectTo: 'incoming',
    extra: [
      {
        path: 'incoming',
        element: (
          <ListPage key="sms-incoming" bundle={incoming} access={access} listArg={INCOMING} serverCsv={incomingCsv} />
        ),
        handle: { title: 'Incoming SMS' },
      },
      {
        path: 'outgoing',
        element: (
          <ListPage key="sms-outgoing" bundle={outgoing} access={access} listArg={OUTGOING} serverCsv={outgoingCsv} />
        ),
        handle: { title: 'Outgoing SMS' },
      },
    ],
  });
}

/**
 * Spec §2 reseller-sms-log: one list of its companies' messages, both directions (the Incoming filter tells
 * them apart); `path` is its path in the reseller's route table.
 */
export function resellerSmsLogRoutes(access: RoleAccess, path: string): RouteObject {
  const both = scopedLog(
    { ...access, keys: [...(access.keys ?? []), SMS_ACCESS.direction] },
    'sms-reseller',
    'SMS log',
  );
  return {
    path,
    element: <ListPage key="sms-reseller" bundle={both} access={access} serverCsv={bothCsv} />,
    handle: { title: 'SMS log' },
  };
}

/** Where the suppression pages sit in a role's route table: its base path and the two pages' paths. */
export interface SuppressionPaths {
  base: string;
  list: string;
  add: string;
}

/**
 * Spec §2, system admin dids: all-suppressions and add-suppression, as two routes of their own beside
 * the DID pages, at the paths the role's route table gives them.
 */
export function suppressionRoutes(access: RoleAccess, paths: SuppressionPaths): RouteObject[] {
  const scoped = { ...suppressionBundle, definition: definitionFor(suppressionBundle.definition, access.keys) };
  const listTo = `${paths.base}/${paths.list}`;
  const addTo = `${paths.base}/${paths.add}`;
  return [
    {
      path: paths.list,
      element: <ListPage key="suppressions" bundle={scoped} access={access} createPath={addTo} />,
      handle: { title: 'All suppressions', links: [addTo] },
    },
    {
      path: paths.add,
      element: <CreatePage bundle={scoped} backTo={listTo} />,
      handle: { title: 'Add suppression', links: [listTo] },
    },
  ];
}
