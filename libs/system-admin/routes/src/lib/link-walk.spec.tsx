import { describeLinkWalk } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { systemAdminModule } from './routes';
import { systemAdminSpecRoutes } from './spec-routes';

describeLinkWalk(systemAdminModule, systemAdminSpecRoutes, withLoadedAreas);
