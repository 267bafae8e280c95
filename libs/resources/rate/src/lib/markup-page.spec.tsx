import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { ratePricingRoutes } from './rate-pages';

const TABLE = '00000000-0000-4000-8000-0000000000a1';
const SET = '00000000-0000-4000-8000-0000000000c1';
const row = (code: string, cost: string, current: string | null, next: string, change: string) => ({
  code,
  mobile_network_uuid: null,
  country_name: code === '44' ? 'United Kingdom' : 'United States',
  cost,
  current_price: current,
  new_price: next,
  margin: (Number(next) - Number(cost)).toFixed(6),
  margin_percent: 33.33,
  change,
});
const preview = {
  rate_table_uuid: TABLE,
  rate_table_name: 'Reseller retail',
  cost_product_name: 'Wholesale',
  rows: [row('44', '0.035000', '0.030000', '0.052500', 'increased'), row('1', '0.007000', null, '0.010500', 'added')],
  total: 2,
  rows_limit: 2000,
  added: 1,
  increased: 1,
  decreased: 0,
  unchanged: 0,
  below_cost_now: 1,
  skipped: 0,
};

describe('price from my cost (a reseller)', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  let noCost = false;
  beforeAll(() => {
    api = stubApi(({ method, path, query }) => {
      if (path === `/rate_table/${TABLE}` && method === 'GET')
        return {
          body: { rate_table_uuid: TABLE, rate_table_name: 'Reseller retail', rate_table_type: 'prefix', rates: [] },
        };
      if (path === `/rate_table/${TABLE}/markup` && method === 'GET') {
        if (noCost)
          return {
            status: 409,
            body: { status: 409, code: 'conflict', detail: 'The platform has not set what it charges you yet' },
          };
        return query.get('percent') === '50' ? { body: preview } : { status: 400, body: { code: 'validation' } };
      }
      if (path === `/rate_table/${TABLE}/markup` && method === 'POST')
        return { status: 201, body: { change_set_uuid: SET, status: 'pending' } };
      if (path === `/rate_change/${SET}`) return { status: 404, body: { code: 'not_found', detail: 'gone' } };
      return undefined;
    });
  });
  afterAll(() => api.restore());

  const open = () => {
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: ratePricingRoutes({}, { markup: true }) }],
      { initialEntries: [`/product/rate-table/${TABLE}/markup`] },
    );
    const rendered = renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    return { ...rendered, router };
  };

  it('previews cost, price now, new price and margin, then proposes exactly what was previewed', async () => {
    const { store, router } = open();
    expect(
      await screen.findByText('Price Reseller retail from your cost', undefined, { timeout: 30_000 }),
    ).toBeTruthy();
    const percent = screen.getByLabelText('Markup %');
    await act(async () => fireEvent.change(percent, { target: { value: '50' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    expect((await screen.findByTestId('markup-summary', undefined, { timeout: 30_000 })).textContent).toBe(
      '2 destinations priced from Wholesale: 1 new, 1 up, 0 down, 0 unchanged.',
    );
    expect(screen.getByText(/1 destinations sell below your cost today/)).toBeTruthy();
    const uk = screen.getByText('United Kingdom').closest('tr') as HTMLElement;
    expect(within(uk).getByText('0.030000 (below cost)')).toBeTruthy();
    expect(within(uk).getByText('0.052500')).toBeTruthy();
    expect(within(uk).getByText('0.017500')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Propose for approval' })));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ percent: 50 });
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'success',
        text: 'The new prices are waiting for your approval',
      }),
    );
    expect(router.state.location.pathname).toBe(`/product/rate-changes/${SET}`);
  });

  it('says why there is nothing to price from', async () => {
    noCost = true;
    open();
    const percent = await screen.findByLabelText('Markup %', undefined, { timeout: 30_000 });
    await act(async () => fireEvent.change(percent, { target: { value: '50' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    expect(await screen.findByText(/has not set what it charges you yet/, undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Propose for approval' })).toBeNull();
  });
});
