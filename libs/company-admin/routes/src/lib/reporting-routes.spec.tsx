import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyAdminModule } from './routes';

describe('company admin dashboard and reporting routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/daily-usage', 'Daily usage'],
    ['/company-admin/weekly-usage', 'Weekly usage'],
    ['/company-admin/reporting/number', 'Number Report'],
    ['/company-admin/reporting/destination', 'Destination report'],
    ['/company-admin/reporting/usage-report', 'Usage report'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });
});
