import { describeRouteTable, rawRouteLiterals } from '@smsc/shared-testing';
import { withLoadedAreas } from '@smsc/shared-ui/frame';
import { companyAdminModule } from './routes';
import { companyAdminRoutes } from './route-table';
import { companyAdminSpecRoutes } from './spec-routes';

describeRouteTable(companyAdminModule, companyAdminRoutes, companyAdminSpecRoutes, withLoadedAreas);

describe('the company admin’s route strings', () => {
  // a path or an address under the base path written in a source file fails here (the detector's own
  // spec, in shared-testing, shows it finds one)
  it('are written once, in route-table.ts: screens read them from it', () => {
    expect(rawRouteLiterals([__dirname], companyAdminRoutes, ['route-table.ts'])).toEqual([]);
  });
});
