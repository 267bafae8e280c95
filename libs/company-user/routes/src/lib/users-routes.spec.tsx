import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyUserModule } from './routes';

describe('company user account routes (docs/spec.md §2 paths and titles)', () => {
  // titles are read from the areas' route tables, which are fetched lazily
  beforeAll(() => withLoadedAreas(companyUserModule));

  it("mounts profile/edit-company-info/{id}, titled as what it is: the user's own profile", () => {
    expect(
      innermostTitle(companyUserModule, '/company-user/profile/edit-company-info/7c9e6679-7425-40de-944b-e07fc1f90ae7'),
    ).toBe('My profile');
  });
});
