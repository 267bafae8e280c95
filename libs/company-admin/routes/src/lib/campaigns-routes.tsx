import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { CampaignDashboardPage, campaignBundle, campaignPages } from '@smsc/resource-campaign';
import { keywordBundle, OptOutRepliesPanel } from '@smsc/resource-keyword';
import { AniGroupImport, aniGroupBundle } from '@smsc/resource-ani-group';

// A company admin runs its own campaigns, keywords and ANI groups (the server scopes every call to its company).
const companyAdmin: RoleAccess = {};

const campaigns = resourceRoutes(campaignBundle, companyAdmin, {
  ...campaignPages,
  // what a campaign uses: its keywords and the ANI groups it sends from
  listLinks: [
    { label: 'Campaign dashboard', to: 'dashboard' },
    { label: 'Keywords', to: 'keyword-manager' },
    { label: 'ANI groups', to: 'ani-group' },
  ],
});
// keywords and ANI groups live under the same campaings root (docs/spec.md §2), so their pages join its children
const keywords = resourceRoutes(keywordBundle, companyAdmin, {
  path: 'campaings',
  list: { path: 'keyword-manager', title: 'Keyword manager' },
  listExtra: <OptOutRepliesPanel />,
  create: { path: 'add-keyword', title: 'Add keyword' },
  edit: { path: 'edit-keyword/:id', title: 'Edit keyword' },
});
const aniGroups = resourceRoutes(aniGroupBundle, companyAdmin, {
  path: 'campaings',
  list: { path: 'ani-group', title: 'ANI groups' },
  create: { path: 'add-ani-group', title: 'Add ANI group' },
  edit: { path: 'edit-ani-group/:id', title: 'Edit ANI group' },
  rowLinks: [{ label: 'Import', to: () => 'import-ani-group' }],
  extra: [{ path: 'import-ani-group', element: <AniGroupImport />, handle: { title: 'Import ANI groups' } }],
});

/** Spec §2, company admin campaings: dashboard, all-campaings, keyword-manager, ani-group and their add/edit/import pages. */
export const campaignsRoutes: RouteObject[] = [
  {
    path: campaigns.path,
    element: campaigns.element,
    children: [
      ...(campaigns.children ?? []),
      { path: 'dashboard', element: <CampaignDashboardPage />, handle: { title: 'Campaign dashboard' } },
      ...(keywords.children ?? []),
      ...(aniGroups.children ?? []),
    ],
  },
];
