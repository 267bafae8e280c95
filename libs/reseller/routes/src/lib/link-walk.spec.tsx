import { describeLinkWalk } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { resellerModule } from './routes';
import { resellerSpecRoutes } from './spec-routes';

describeLinkWalk(resellerModule, resellerSpecRoutes, withLoadedAreas);
