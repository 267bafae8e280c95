import { describeRoleModule } from '@smsc/shared-testing';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui/frame';
import { resellerModule } from './routes';

describeRoleModule(
  resellerModule,
  {
    basePath: '/reseller',
    area: 'Reseller',
    homeTitle: 'Reseller home',
    // docs/spec.md §2, and reporting (the reseller sees its companies' figures)
    areas: [
      'webhooks',
      'compliance',
      'privacy',
      'smpp-accounts',
      'vendor',
      'users',
      'companies',
      'reseller-sms-center',
      'reseller-sms-log',
      'billing',
      'filters',
      'product',
      'payment',
      // 'user' (user/user-listing) is reached from the Users page, not a menu entry of its own
      'mail-template',
      'dids',
      'template-approval',
      'reporting',
      // not in docs/spec.md §2: the audit log, and a profile for the account's two-factor sign-in
      'audit-log',
      'profile',
      // not in docs/spec.md §2: the reseller's own logins
      'team',
      // not in docs/spec.md §2: its white label and host names (issue #48)
      'brand',
      // not in docs/spec.md §2: the notices of its platform price increases (issue #49)
      'price-notices',
    ],
  },
  RoleRoutes,
  withLoadedAreas,
);
