import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { innermostTitle, RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { ERROR_LINK_PATHS } from '@smsc/shared-api/core';
import { companyAdminModule } from './routes';

const FOREIGN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('company admin account routes', () => {
  // titles are read from the areas' route tables, which are fetched lazily
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/users', 'Users'],
    ['/company-admin/users/add', 'Add user'],
    [`/company-admin/users/edit/${FOREIGN}`, 'Edit user'],
    ['/company-admin/profile/company-info', 'Company info'],
    [`/company-admin/profile/edit-company-info/${FOREIGN}`, 'Edit company info'],
    ['/company-admin/profile/admin-contact', 'Admin contact'],
    ['/company-admin/api-keys', 'API keys'],
  ])('%s is "%s" (docs/spec.md §2)', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });

  it("has every screen an error's next step links to (error-words.ts)", () => {
    const places = Object.values(ERROR_LINK_PATHS['company-admin']);
    expect(places.length).toBeGreaterThan(3);
    for (const place of places)
      expect([place?.path, innermostTitle(companyAdminModule, `/company-admin/${place?.path}`)]).toEqual([
        place?.path,
        expect.any(String),
      ]);
  });

  describe('with the API answering', () => {
    let api: ReturnType<typeof stubApi>;
    beforeAll(() => {
      // the server hides another company's user behind a 404 (docs/authorization.md)
      api = stubApi(() => ({ status: 404, body: { code: 'error', detail: 'User not found' } }));
    });
    afterAll(() => api.restore());

    it("shows 'not found' and no form for a user id the server does not give", async () => {
      renderWithProviders(
        <Routes>
          <Route path="/company-admin/*" element={<RoleRoutes module={companyAdminModule} />} />
        </Routes>,
        { route: `/company-admin/users/edit/${FOREIGN}` },
      );
      expect(await screen.findByText('User not found')).toBeTruthy();
      expect(screen.queryByLabelText('Full name')).toBeNull();
      expect(api.calls.map((c) => c.path)).toEqual([`/user/${FOREIGN}`]);
    });
  });
});
