import { describeRoleModule } from '@smsc/shared-testing';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui/frame';
import { systemAdminModule } from './routes';

describeRoleModule(
  systemAdminModule,
  {
    basePath: '/system-admin',
    area: 'System admin',
    homeTitle: 'System admin home',
    // docs/spec.md §2 (the dashboard is the home itself)
    areas: [
      'webhooks',
      'compliance',
      'privacy',
      'smpp-accounts',
      'reporting',
      'product',
      'balance-log',
      'companies',
      'resellers',
      'users',
      'template-approval',
      'billing',
      'dids',
      'vendor',
      'smsc-connection',
      'filters',
      'payment-term',
      'sms-log',
      'ani-group',
      'bulk',
      'admin-user-management',
      'profile',
      // not in docs/spec.md §2: the audit log
      'audit-log',
      // nor the operator's live figures
      'operations',
      // not in docs/spec.md §2: the platform's own brand (issue #48)
      'brand',
      // nor the pumping check's thresholds (issue 31)
      'guards',
    ],
  },
  RoleRoutes,
  withLoadedAreas,
);
