import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

describe('system admin template approval routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/template-approval/template-approval-list', 'Template approval'],
    ['/system-admin/template-approval/add-template', 'Add template'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });

  it('has no edit page (docs/spec.md §2 lists none for the system admin)', () => {
    expect(
      innermostTitle(systemAdminModule, '/system-admin/template-approval/edit/7c9e6679-7425-40de-944b-e07fc1f90ae7'),
    ).not.toBe('Edit template');
  });
});
