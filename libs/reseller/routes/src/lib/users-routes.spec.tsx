import { innermostTitle , withLoadedAreas } from '@smsc/shared-ui';
import { resellerModule } from './routes';

describe('reseller account routes (spec §2 paths and titles)', () => {
  // titles are read from the areas' route tables, which are fetched lazily
  beforeAll(() => withLoadedAreas(resellerModule));

  it.each([
    ['/reseller/users/users-list', 'Users'],
    ['/reseller/users/add', 'Add user'],
    ['/reseller/users/edit/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Edit user'],
    ['/reseller/user/user-listing', 'User listing'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(resellerModule, path)).toBe(title);
  });

  it('keeps the user listing read-only (no add or edit page under user/)', () => {
    expect(innermostTitle(resellerModule, '/reseller/user/add')).toBeUndefined();
    expect(innermostTitle(resellerModule, '/reseller/user/edit/7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBeUndefined();
  });
});
