import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { expectPickerRecovers, renderWithProviders, stubApi } from '@smsc/shared-testing';
import { AssignedDids, DidOwnerPanel } from './did-owner-pages';
import { BuyNumbers } from './buy-numbers';
import { formatDid } from './did.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('number pickers: a list that fails to load says so and can be asked again', () => {
  let failing = true;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path, query }) => {
      const page = (items: unknown[]) => ({ body: { items, total: items.length, page: 0, per_page: 100 } });
      // the number and the user the screens are about load; only the lists fail
      if (path.endsWith('/did/d1'))
        return {
          body: {
            did: { did_uuid: 'd1', did: '+12125552301', company_uuid: 'c1', user_uuid: null, is_toll_free: false },
          },
        };
      if (path.endsWith('/user/u1'))
        return { body: { uuid: 'u1', full_name: 'Ann Lee', email: 'ann@example.com', company_uuid: 'c1' } };
      if (failing) return { status: 503, body: { code: 'error', detail: 'down for a moment' } };
      if (path.endsWith('/user/list')) return page([{ uuid: 'u2', full_name: 'Bob Ray', email: 'bob@example.com' }]);
      if (path.endsWith('/did/company/list'))
        return page(query.get('user_id') ? [] : [{ did_uuid: 'd2', did: '+12125552302', user_uuid: null }]);
      if (path.endsWith('/state/list')) return page([{ code: 'NY', name: 'New York', country: 'US', npa_count: 20 }]);
      if (path.endsWith('/did/search')) return { body: { items: [] } };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => (failing = true));
  const answer = () => (failing = false);

  it("a number's assigned user", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/did/:id" element={<DidOwnerPanel doneTo="/" />} />
      </Routes>,
      { route: '/did/d1' },
    );
    // the picker shows once the number has loaded
    await screen.findByLabelText('Assigned user');
    await expectPickerRecovers('Assigned user', 'Bob Ray (bob@example.com)', answer);
  });

  it("a free number of the user's company", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/users/:id" element={<AssignedDids />} />
      </Routes>,
      { route: '/users/u1' },
    );
    await screen.findByLabelText('Number to assign');
    await expectPickerRecovers('Number to assign', formatDid('+12125552302'), answer);
  });

  it('the state to search numbers in', async () => {
    renderWithProviders(<BuyNumbers tollFree={false} doneTo="/done" />);
    await expectPickerRecovers('State', 'New York (NY)', answer);
  });
});
