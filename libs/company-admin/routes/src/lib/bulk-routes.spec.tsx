import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyAdminModule } from './routes';

describe('company admin bulk routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/bulk-sending/send', 'Bulk send'],
    ['/company-admin/bulk-sending/history', 'Bulk history'],
    ['/company-admin/bulk/bulk-report', 'Bulk report'],
    ['/company-admin/bulk/auto-substitute', 'Auto-substitute'],
    ['/company-admin/bulk/bulk-sms', 'Bulk SMS'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });
});
