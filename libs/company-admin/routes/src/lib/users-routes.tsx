import { Navigate, type RouteObject } from 'react-router';
import { userBundle } from '@smsc/resource-user';
import { AccountForm, ProfileDetails, TwoFactorSection, companyInfoBundle } from '@smsc/resource-profile';
import { ApiKeysPage } from '@smsc/resource-api-key';
import { resourceRoutes, Space, Spin } from '@smsc/shared-ui';
import { AutoRechargeCard, CompanyGuardsPanel } from '@smsc/resource-company';
import { useGetHomeQuery } from '@smsc/resource-profile';
import { companyAdminRoutes } from './route-table';

/** profile/guards: the company admin's own company's guards (its limits only lower, its alert level) and auto-recharge. */
function OwnCompanyGuards() {
  const company = useGetHomeQuery().data?.company?.company_uuid;
  if (!company) return <Spin />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <CompanyGuardsPanel companyId={company} mode="company" />
      <AutoRechargeCard companyId={company} mode="company" />
    </Space>
  );
}

/** The company admin's users (its own company only, by the API), its profile and its API keys. */
export const usersRoutes: RouteObject[] = [
  { path: companyAdminRoutes.path('apiKeys'), element: <ApiKeysPage />, handle: { title: 'API keys' } },
  resourceRoutes(
    userBundle,
    {},
    {
      path: companyAdminRoutes.path('users'),
      list: { path: '', title: 'Users' },
      create: { path: 'add', title: 'Add user' },
      edit: { path: 'edit/:id', title: 'Edit user' },
      rowLinks: [{ label: 'DIDs', to: (u) => `assigned-did/${u.uuid}` }],
    },
  ),
  resourceRoutes(
    companyInfoBundle,
    {},
    {
      path: companyAdminRoutes.path('profile'),
      redirectTo: 'company-info',
      edit: { path: 'edit-company-info/:id', title: 'Edit company info' },
      extra: [
        {
          path: 'company-info',
          element: <ProfileDetails show="company" editPath="edit-company-info/:id" />,
          handle: { title: 'Company info', links: ['edit-company-info/:id'] },
        },
        {
          path: 'admin-contact',
          element: (
            <Space orientation="vertical" size="large" style={{ width: '100%' }}>
              <AccountForm />
              <TwoFactorSection />
            </Space>
          ),
          handle: { title: 'Admin contact' },
        },
        // the keys moved to a menu entry of their own; an old bookmark still lands there
        {
          path: companyAdminRoutes.below('profileApiKeys', 'profile'),
          element: <Navigate to={companyAdminRoutes.to('apiKeys')} replace />,
        },
        { path: 'guards', element: <OwnCompanyGuards />, handle: { title: 'Spend and destinations' } },
      ],
    },
  ),
];
