import { describeRouteTable, rawRouteLiterals } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { companyUserModule } from './routes';
import { companyUserRoutes } from './route-table';
import { companyUserSpecRoutes } from './spec-routes';

describeRouteTable(companyUserModule, companyUserRoutes, companyUserSpecRoutes, withLoadedAreas);

describe('the company user’s route strings', () => {
  // a path or an address under the base path written in a source file fails here (the detector's own
  // spec, in shared-testing, shows it finds one)
  it('are written once, in route-table.ts: screens read them from it', () => {
    expect(rawRouteLiterals([__dirname], companyUserRoutes, ['route-table.ts'])).toEqual([]);
  });
});
