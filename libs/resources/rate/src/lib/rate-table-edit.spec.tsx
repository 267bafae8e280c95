import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { ratePricingRoutes } from './rate-pages';

const ID = '00000000-0000-4000-8000-0000000000a1';
const table = {
  rate_table_uuid: ID,
  rate_table_name: 'Standard retail',
  rate_table_type: 'prefix',
  reseller_uuid: null,
  rate_count: 2,
  created_on: '2026-11-01T00:00:00Z',
};
const rate = (code: string, price: string) => ({
  rate_uuid: `00000000-0000-4000-8000-00000000${code.padStart(4, '0')}`,
  rate_table_uuid: ID,
  vendor_product_uuid: null,
  vendor_product_name: null,
  vendor_uuid: null,
  code,
  mobile_network_uuid: null,
  network_name: null,
  country_name: code === '49' ? 'Germany' : 'United States',
  price,
  charge_basis: 'delivery',
  effective_from: '2026-11-01T00:00:00Z',
  created_on: '2026-11-01T00:00:00Z',
});

describe('rate-table edit page', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      if (path === `/rate_table/${ID}` && method === 'GET') return { body: { ...table, rates: [] } };
      if (path === `/rate_table/${ID}` && method === 'PATCH')
        return { body: { ...table, ...(body as object), rates: [] } };
      if (path === '/rate/list')
        return { body: { items: [rate('1', '0.0120'), rate('49', '0.0650')], total: 2, per_page: 10 } };
      if (path === '/rate_table/list') return { body: { items: [table], total: 1, per_page: 10 } };
      if (path.startsWith('/rate/') && method === 'PATCH')
        return { body: { ...rate('49', '0.0650'), ...(body as object) } };
      return { status: 404, body: { code: 'error', detail: 'not found' } };
    });
  });
  afterAll(() => api.restore());

  it("edits the name and type and lists the table's own rates with an import into it", async () => {
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: ratePricingRoutes({ delete: true }) }],
      { initialEntries: [`/product/rate-table/edit/${ID}`] },
    );
    renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    const name = await screen.findByLabelText('Rate table name', undefined, { timeout: 30_000 });
    expect((name as HTMLInputElement).value).toBe('Standard retail');
    // its rates, asked for this table only
    expect(await screen.findByText('0.0650', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('Rates of Standard retail')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/rate/list' && c.query.get('rate_table_uuid') === ID)).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Import rates/ })));
    expect(screen.getByRole('button', { name: /Close import/ })).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Retail 2027' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/rate_table/${ID}`,
      body: { rate_table_name: 'Retail 2027', rate_table_type: 'prefix' },
    });
    // saved: back to the rate-table list
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/rate-table'));
  });

  it("says when each selling rate is charged and switches one to the carrier's acceptance after a confirmation", async () => {
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: ratePricingRoutes({ delete: true }) }],
      { initialEntries: [`/product/rate-table/edit/${ID}`] },
    );
    const { store } = renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    expect(await screen.findByRole('columnheader', { name: 'Charged' }, { timeout: 30_000 })).toBeTruthy();
    expect(await screen.findAllByText('On delivery', undefined, { timeout: 30_000 })).toHaveLength(2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Charge 49 when the carrier accepts' })));
    expect(await screen.findByText('Charge 49 when the carrier accepts?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change' })));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH' && c.path.startsWith('/rate/'))).toBeTruthy(),
    );
    expect(api.calls.find((c) => c.method === 'PATCH' && c.path.startsWith('/rate/'))).toMatchObject({
      path: `/rate/${rate('49', '0').rate_uuid}`,
      body: { charge_basis: 'submit' },
    });
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'success',
        text: '49: charged when the carrier accepts from now on',
      }),
    );
  });
});
