import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('system admin DID routes (docs/spec.md §2)', () => {
  // the area files load lazily: fetch them before reading titles or rendering
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/dids/all-dids', 'All DIDs'],
    ['/system-admin/dids/add-did', 'Add DID'],
    ['/system-admin/dids/import-did', 'Import DIDs'],
    [`/system-admin/dids/edit-did/${ID}`, 'Edit DID'],
    [`/system-admin/users/assigned-did/${ID}`, 'Assigned DIDs'],
    ['/system-admin/dids/import-log', 'Import log'],
    ['/system-admin/dids/new-call-flow', 'Call flow'],
    [`/system-admin/vendor/did/${ID}/Northwind`, 'Vendor DIDs'],
    [`/system-admin/vendor/did/${ID}/edit`, 'Edit DID'],
    // users' own pages keep their titles
    [`/system-admin/users/edit/${ID}`, 'Edit user'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });
});
