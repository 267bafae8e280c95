import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

describe('system admin account routes (docs/spec.md §2 paths and titles)', () => {
  // titles are read from the areas' route tables, which are fetched lazily
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/users', 'Users'],
    ['/system-admin/users/edit/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Edit user'],
    ['/system-admin/admin-user-management', 'Admin user management'],
    ['/system-admin/admins', 'Admins'],
    ['/system-admin/admins/add-admin', 'Add admin'],
    ['/system-admin/admins/edit/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Edit admin'],
    ['/system-admin/profile/system-info', 'System info'],
    ['/system-admin/profile/edit-admin-info/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Edit admin info'],
    ['/system-admin/companies/company-accounts/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Company accounts'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });

  it('has no add page for users (the spec gives this role list and edit only)', () => {
    expect(innermostTitle(systemAdminModule, '/system-admin/users/add')).toBeUndefined();
  });
});
