import { describeRoleModule } from '@smsc/shared-testing';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui/frame';
import { companyUserModule } from './routes';

describeRoleModule(
  companyUserModule,
  {
    basePath: '/company-user',
    area: 'Company user',
    redirect: 'sms-center',
    homeTitle: 'Company user home',
    // docs/spec.md §2
    areas: ['sms-center', 'profile', 'sms-log', 'dids', 'sms-workflow', 'reminder-workflow'],
  },
  RoleRoutes,
  withLoadedAreas,
);
