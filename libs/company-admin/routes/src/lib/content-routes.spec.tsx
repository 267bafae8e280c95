import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('company admin templates and recipients routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/templates/list', 'Templates'],
    ['/company-admin/templates/add', 'Add template'],
    [`/company-admin/templates/edit/${ID}`, 'Edit template'],
    ['/company-admin/recipients/list', 'Recipients'],
    ['/company-admin/recipients/add', 'Add recipient'],
    [`/company-admin/recipients/edit/${ID}`, 'Edit recipient'],
    ['/company-admin/recipients/import', 'Import recipients'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });
});
