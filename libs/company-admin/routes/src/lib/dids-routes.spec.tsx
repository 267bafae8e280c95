import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('company admin DID routes (spec §2)', () => {
  // the area files load lazily: fetch them before reading titles or rendering
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/dids/all-did/local-did', 'Local DIDs'],
    ['/company-admin/dids/all-did/toll-free', 'Toll-free DIDs'],
    ['/company-admin/dids/buy-did', 'Buy DID'],
    ['/company-admin/dids/buy-tf-did', 'Buy toll-free DID'],
    [`/company-admin/dids/edit-did/${ID}`, 'Edit DID'],
    [`/company-admin/users/assigned-did/${ID}`, 'Assigned DIDs'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });
});
