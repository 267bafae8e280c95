import { describeRoleModule } from '@smsc/shared-testing';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui/frame';
import { companyAdminModule } from './routes';

describeRoleModule(
  companyAdminModule,
  {
    basePath: '/company-admin',
    area: 'Company admin',
    redirect: 'daily-usage',
    homeTitle: 'Company admin home',
    // docs/spec.md §2 (the root redirects to the dashboard's daily-usage; payment-success/cancel are checkout return pages)
    areas: [
      'webhooks',
      'compliance',
      'privacy',
      'api-keys',
      'smpp-accounts',
      'sms-center',
      'payment-gateway',
      'users',
      'templates',
      'sms-workflow',
      'reporting',
      'reminder-workflow',
      'recipients',
      // issue 45: one bulk area; its "Send a bulk" keeps the spec's bulk-sending path
      'bulk',
      'campaings',
      'billing',
      'sms-log',
      'dids',
      'profile',
      // not in docs/spec.md §2: the notices of its price increases (issue #49)
      'price-notices',
    ],
  },
  RoleRoutes,
  withLoadedAreas,
);
