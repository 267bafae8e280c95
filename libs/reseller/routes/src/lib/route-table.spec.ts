import { describeRouteTable, rawRouteLiterals } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { resellerModule } from './routes';
import { resellerRoutes } from './route-table';
import { resellerSpecRoutes } from './spec-routes';

describeRouteTable(resellerModule, resellerRoutes, resellerSpecRoutes, withLoadedAreas);

describe('the reseller’s route strings', () => {
  // a path or an address under the base path written in a source file fails here (the detector's own
  // spec, in shared-testing, shows it finds one)
  it('are written once, in route-table.ts: screens read them from it', () => {
    expect(rawRouteLiterals([__dirname], resellerRoutes, ['route-table.ts'])).toEqual([]);
  });
});
