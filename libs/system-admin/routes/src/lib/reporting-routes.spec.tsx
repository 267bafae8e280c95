import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

describe('system admin reporting routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/reporting/number', 'Number Report'],
    ['/system-admin/reporting/destination', 'Destination report'],
    ['/system-admin/reporting/usage', 'Usage report'],
    ['/system-admin/reporting/all-client-vendor', 'All clients and vendors'],
    ['/system-admin/reporting/specific-clients', 'Specific clients'],
    ['/system-admin/reporting/specific-vendors', 'Specific vendors'],
    ['/system-admin/reporting/specific-client-vendor', 'Specific client and vendor'],
    ['/system-admin/reporting/expand-into-users', 'Expand into users'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });
});
