import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import dayjs from 'dayjs';
import { ResourceRoot } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { rateChangeRoutes } from './rate-change-routes';

const ID = '00000000-0000-4000-8000-0000000000c1';
// days the picker offers (never before today), counted from the day the test runs
const today = dayjs().format('YYYY-MM-DD');
const chosen = dayjs().add(14, 'day').format('YYYY-MM-DD');
const noticeEnd = dayjs().add(21, 'day').format('YYYY-MM-DD');
const set = {
  change_set_uuid: ID,
  rate_table_uuid: '00000000-0000-4000-8000-0000000000a1',
  vendor_product_uuid: null,
  owner_name: 'Standard retail',
  kind: 'partial',
  status: 'pending',
  effective_from: `${today}T00:00:00.000Z`,
  increases_from: null,
  added: 1,
  increased: 1,
  decreased: 1,
  closed: 0,
  unchanged: 4,
  created_by_name: 'System Admin',
  created_on: '2026-12-06T09:00:00.000Z',
  decided_by_name: null,
  decided_on: null,
};
const row = (code: string, change: string, old_price: string | null, new_price: string | null) => ({
  code,
  mobile_network_uuid: null,
  country_name: 'France',
  change,
  old_price,
  new_price,
  effective_from: null,
  ceases_on: null,
});
const details = {
  change_set: set,
  by_country: [{ country_name: 'France', added: 1, increased: 1, decreased: 1, closed: 0, unchanged: 4 }],
  rows: [
    row('3361', 'increased', '0.050000', '0.070000'),
    row('3362', 'decreased', '0.060000', '0.055000'),
    row('3399', 'added', null, '0.100000'),
  ],
  rows_limit: 500,
  impact: {
    since: '2026-11-06T09:00:00.000Z',
    margin_change: '0.035000',
    groups: [
      {
        product_uuid: 'p1',
        product_name: 'Retail product',
        reseller_uuid: null,
        reseller_name: null,
        messages: 2,
        parts: 3,
        margin_before: '0.110000',
        margin_after: '0.145000',
        margin_change: '0.035000',
        unpriced: 0,
      },
    ],
  },
};

describe('rate change screen', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ method, path }) => {
      if (path === `/rate_change/${ID}` && method === 'GET') return { body: details };
      if (path === `/rate_change/${ID}/approve` && method === 'POST')
        return {
          body: {
            ...set,
            status: 'approved',
            effective_from: `${chosen}T00:00:00.000Z`,
            increases_from: `${noticeEnd}T00:00:00.000Z`,
          },
        };
      return { status: 404, body: { code: 'not_found', detail: 'not found' } };
    });
  });
  afterAll(() => api.restore());

  it('shows the diff by country, the changed rows and the margin impact, and approves from a chosen day', async () => {
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: rateChangeRoutes({}) }],
      { initialEntries: [`/product/rate-changes/${ID}`] },
    );
    const { store } = renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    expect(await screen.findByText('Rate change of Standard retail', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByTestId('change-counts').textContent).toBe(
      '1 new, 1 increased, 1 decreased, 0 closed, 4 unchanged',
    );
    const countries = within(screen.getByTestId('change-countries'));
    const france = countries.getByText('France').closest('tr') as HTMLElement;
    expect(within(france).getAllByText('1')).toHaveLength(3);
    const rows = within(screen.getByTestId('change-rows'));
    const up = rows.getByText('3361').closest('tr') as HTMLElement;
    expect([within(up).getByText('Increased'), within(up).getByText('0.070000')]).toHaveLength(2);
    const impact = within(screen.getByTestId('change-impact'));
    expect(impact.getByText(/Margin change: 0\.035000/)).toBeTruthy();
    const product = impact.getByText('Retail product').closest('tr') as HTMLElement;
    expect(within(product).getByText('0.145000')).toBeTruthy();
    expect(within(product).getByText('Direct')).toBeTruthy();

    const day = (await screen.findByLabelText('Effective from', undefined, { timeout: 30_000 })) as HTMLInputElement;
    await act(async () => {
      fireEvent.mouseDown(day);
      fireEvent.change(day, { target: { value: chosen } });
    });
    await act(async () => fireEvent.keyDown(day, { key: 'Enter', code: 'Enter' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/rate_change/${ID}/approve`,
      body: { effective_from: chosen },
    });
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'success',
        text: `Approved the rate change of Standard retail from ${chosen}; increases from ${noticeEnd} (customers' notice)`,
      }),
    );
  });
});
