import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { CampaignDashboardPage, campaignBundle, campaignPages } from '@smsc/resource-campaign';
import { keywordBundle, OptOutRepliesPanel, OptOutsPage } from '@smsc/resource-keyword';
import { AniGroupImport, aniGroupBundle } from '@smsc/resource-ani-group';
import { suppressionBundle } from '@smsc/resource-sms';
import { companyAdminRoutes } from './route-table';

// A company admin runs its own campaigns, keywords and ANI groups (the server scopes every call to its company).
const companyAdmin: RoleAccess = {};

const campaigns = resourceRoutes(campaignBundle, companyAdmin, {
  ...campaignPages,
  path: companyAdminRoutes.path('campaings'),
  // what a campaign uses: its keywords and the ANI groups it sends from
  listLinks: [
    { label: 'Campaign dashboard', to: 'dashboard' },
    { label: 'Keywords', to: 'keyword-manager' },
    { label: 'ANI groups', to: 'ani-group' },
    { label: 'Opt-outs', to: 'opt-outs' },
  ],
});
// keywords and ANI groups live under the same campaings root (docs/spec.md §2), so their pages join its children
const keywords = resourceRoutes(keywordBundle, companyAdmin, {
  path: companyAdminRoutes.path('campaings'),
  list: { path: 'keyword-manager', title: 'Keyword manager' },
  listExtra: <OptOutRepliesPanel />,
  create: { path: 'add-keyword', title: 'Add keyword' },
  edit: { path: 'edit-keyword/:id', title: 'Edit keyword' },
});
const aniGroups = resourceRoutes(aniGroupBundle, companyAdmin, {
  path: companyAdminRoutes.path('campaings'),
  list: { path: 'ani-group', title: 'ANI groups' },
  create: { path: 'add-ani-group', title: 'Add ANI group' },
  edit: { path: 'edit-ani-group/:id', title: 'Edit ANI group' },
  rowLinks: [{ label: 'Import', to: () => 'import-ani-group' }],
  extra: [{ path: 'import-ani-group', element: <AniGroupImport />, handle: { title: 'Import ANI groups' } }],
});

// the company's own suppressed numbers (a STOP, or added by hand with why): added or lifted, never edited
const suppressions = resourceRoutes(
  suppressionBundle,
  { edit: false },
  {
    path: companyAdminRoutes.path('campaings'),
    list: { path: 'suppressions', title: 'Suppressed numbers' },
    create: { path: 'add-suppression', title: 'Add suppressed number' },
    listLinks: [{ label: 'Opt-outs', to: 'opt-outs' }],
  },
);

/** Spec §2, company admin campaings: dashboard, all-campaings, keyword-manager, ani-group and their add/edit/import pages; opt-outs (issue 52). */
export const campaignsRoutes: RouteObject[] = [
  {
    path: campaigns.path,
    element: campaigns.element,
    children: [
      ...(campaigns.children ?? []),
      { path: 'dashboard', element: <CampaignDashboardPage />, handle: { title: 'Campaign dashboard' } },
      ...(keywords.children ?? []),
      ...(aniGroups.children ?? []),
      ...(suppressions.children ?? []),
      // STOP/HELP/START per language, the opt-out scope and campaign limit, a number's consent history
      { path: 'opt-outs', element: <OptOutsPage />, handle: { title: 'Opt-outs' } },
    ],
  },
];
