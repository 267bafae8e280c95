import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { innermostTitle, RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders } from '@smsc/shared-testing';
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
    ['/company-admin/profile/api-keys', 'API keys'],
  ])('%s is "%s" (spec §2)', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });

  describe('with the API answering', () => {
    const realFetch = globalThis.fetch;
    const RealRequest = globalThis.Request;
    const seen: string[] = [];
    beforeAll(() => {
      globalThis.Request = class extends RealRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init);
        }
      } as typeof Request;
      // the server hides another company's user behind a 404 (docs/authorization.md)
      globalThis.fetch = jest.fn(async (req: Request) => {
        seen.push(new URL(req.url).pathname);
        return new Response(JSON.stringify({ error: { message: 'User not found' } }), { status: 404, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    });
    afterAll(() => {
      globalThis.fetch = realFetch;
      globalThis.Request = RealRequest;
    });

    it("shows 'not found' and no form for a user id the server does not give", async () => {
      renderWithProviders(
        <Routes>
          <Route path="/company-admin/*" element={<RoleRoutes module={companyAdminModule} />} />
        </Routes>,
        { route: `/company-admin/users/edit/${FOREIGN}` },
      );
      expect(await screen.findByText('User not found')).toBeTruthy();
      expect(screen.queryByLabelText('Full name')).toBeNull();
      expect(seen).toEqual([`/api_smsc/v1/user/${FOREIGN}`]);
    });
  });
});
