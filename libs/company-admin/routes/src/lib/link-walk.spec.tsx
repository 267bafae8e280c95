import { describeLinkWalk } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { companyAdminModule } from './routes';
import { companyAdminSpecRoutes, companyAdminReturnPages } from './spec-routes';

describeLinkWalk(companyAdminModule, companyAdminSpecRoutes, withLoadedAreas, companyAdminReturnPages);
