import { describeLinkWalk } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { companyUserModule } from './routes';
import { companyUserSpecRoutes } from './spec-routes';

describeLinkWalk(companyUserModule, companyUserSpecRoutes, withLoadedAreas);
