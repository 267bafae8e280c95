import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

describe('system admin bulk routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/bulk', 'Bulk report'],
    ['/system-admin/bulk/auto-substitute', 'Auto-substitute'],
    ['/system-admin/bulk/bulk-sms', 'Bulk SMS'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });
});
