import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

describe('system admin ANI group routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/ani-group/list', 'ANI groups'],
    ['/system-admin/ani-group/import', 'Import ANI groups'],
    ['/system-admin/ani-group/numbers/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'ANI group numbers'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });
});
