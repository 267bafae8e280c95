import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { walkLinks } from '@smsc/shared-testing';
import { resellerMenu } from './menu';
import { resellerModule } from './routes';

describe('reseller account routes (docs/spec.md §2 paths and titles)', () => {
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

  it('has one menu entry for users ("Users"), not two entries opening the same list', () => {
    const entries = resellerMenu.filter((e) => /^users?(\/|$)/.test(e.path));
    expect(entries.map((e) => e.label)).toEqual(['Users']);
    expect(resellerMenu.some((e) => e.label === 'User listing')).toBe(false);
  });

  it('reaches the read-only user listing from the Users page, and the Users page back from it', async () => {
    const loaded = await withLoadedAreas(resellerModule);
    // a walk that starts at the Users menu entry alone: the listing is a view of that page
    const walk = walkLinks({ ...loaded, menu: [{ path: 'users' }] });
    expect(walk.reached.has('user/user-listing')).toBe(true);
    const back = walkLinks({ ...loaded, menu: [{ path: 'user/user-listing' }] });
    expect(back.reached.has('users/users-list')).toBe(true);
  });
});
