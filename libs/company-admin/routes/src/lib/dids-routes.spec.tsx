import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { innermostTitle, RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { companyAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('company admin DID routes (docs/spec.md §2)', () => {
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

  it('the local list shows both kinds with their counts, the toll-free number one visible click away', async () => {
    const api = stubApi(({ path, query }) => {
      if (!path.endsWith('/did/company/list')) return { status: 200, body: { items: [], total: 0, per_page: 10 } };
      const tf = query.get('is_toll_free') === 'true';
      return { status: 200, body: { items: [], total: tf ? 1 : 3, per_page: 10 } };
    });
    try {
      await act(async () => {
        renderWithProviders(
          <Routes>
            <Route path="/company-admin/*" element={<RoleRoutes module={companyAdminModule} />} />
          </Routes>,
          { route: '/company-admin/dids/all-did/local-did' },
        );
      });
      const tollFree = await screen.findByTestId('did-kind-toll-free', {}, { timeout: 20_000 });
      await waitFor(() => expect(tollFree.textContent).toBe('Toll-free numbers (1)'), { timeout: 20_000 });
      expect(tollFree.getAttribute('href')).toBe('/company-admin/dids/all-did/toll-free');
      expect(screen.getByTestId('did-kind-local').textContent).toBe('Local numbers (3)');
    } finally {
      api.restore();
    }
  }, 60_000);
});
