import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { routingRoutes, toRouteLines } from './routing-pages';

const ID = '00000000-0000-4000-8000-0000000000b1';
const VP1 = '00000000-0000-4000-8000-0000000000c1';
const VP2 = '00000000-0000-4000-8000-0000000000c2';
const routing = {
  routing_uuid: ID,
  routing_name: 'Europe',
  reseller_uuid: null,
  route_count: 1,
  created_on: '2026-11-01T00:00:00Z',
  routes: [
    {
      route_uuid: '00000000-0000-4000-8000-0000000000d1',
      code: '44',
      mobile_network_uuid: null,
      network_name: null,
      vendor_product_uuid: VP1,
      vendor_product_name: 'UK direct',
      vendor_uuid: '00000000-0000-4000-8000-0000000000e1',
      vendor_name: 'Acme',
      is_pinned: true,
    },
  ],
};
const product = (uuid: string, name: string) => ({
  vendor_product_uuid: uuid,
  vendor_uuid: '00000000-0000-4000-8000-0000000000e1',
  vendor_name: 'Acme',
  vendor_product_name: name,
  type: 'sms',
  mobile_network_uuid: null,
  status: 'active',
  rate_count: 1,
  created_on: '2026-11-01T00:00:00Z',
});

const VODAFONE_UK = {
  mobile_network_uuid: '00000000-0000-4000-8000-0000000000f1',
  mcc: '234',
  mnc: '15',
  network_name: 'Vodafone UK',
  operator: 'Vodafone',
  country_name: 'United Kingdom',
  iso2: 'GB',
  iso3: 'GBR',
  status: 'Operational',
};

describe('routing pages', () => {
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      if (path === `/routing/${ID}` && method === 'GET') return { body: routing };
      if (path === `/routing/${ID}` && method === 'PATCH') return { body: { ...routing, ...(body as object) } };
      if (path === '/mobile_network/list') return { body: { items: [VODAFONE_UK], total: 1, per_page: 20 } };
      if (path === `/mobile_network/${VODAFONE_UK.mobile_network_uuid}`) return { body: VODAFONE_UK };
      if (path === '/vendor_product/list')
        return { body: { items: [product(VP1, 'UK direct'), product(VP2, 'UK backup')], total: 2, per_page: 1000 } };
      return { status: 404, body: { code: 'error', detail: 'not found' } };
    });
  });
  afterAll(() => api.restore());

  it('refuses a route without a code of digits or without a vendor product, in words', () => {
    expect(toRouteLines([{ key: 0, code: '4a', vendor_product_uuid: VP1, is_pinned: false }])).toEqual({
      problem: 'Route 1: the code is 1 to 15 digits (e.g. 44 or 4477)',
    });
    expect(toRouteLines([{ key: 0, code: '44', is_pinned: false }])).toEqual({
      problem: 'Route 1: choose the vendor product',
    });
    expect(toRouteLines([{ key: 0, match: 'network', code: '', vendor_product_uuid: VP1, is_pinned: false }])).toEqual({
      problem: 'Route 1: choose the mobile network',
    });
  });

  it('adds a route by mobile network (MCC/MNC), picked by searching, and saves it beside the code routes', async () => {
    api.calls.length = 0;
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: [routingRoutes({})] }],
      { initialEntries: [`/product/routing/edit/${ID}`] },
    );
    renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    await screen.findByLabelText('Code of route 1', undefined, { timeout: 30_000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add route/ })));
    await act(async () => fireEvent.mouseDown(screen.getByLabelText('Match of route 2')));
    await act(async () => fireEvent.click(await screen.findByTitle('Mobile network')));
    const network = await screen.findByLabelText('Mobile network of route 2');
    fireEvent.change(network, { target: { value: 'vodafone' } });
    const option = await screen.findByText('United Kingdom · Vodafone UK · 234-15', undefined, { timeout: 30_000 });
    await act(async () => fireEvent.click(option));
    await act(async () => fireEvent.mouseDown(screen.getByLabelText('Vendor product of route 2')));
    await act(async () => fireEvent.click(await screen.findByTitle('Acme / UK backup')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save routes' })));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      routes: [
        { code: '44', vendor_product_uuid: VP1, is_pinned: true },
        { mobile_network_uuid: VODAFONE_UK.mobile_network_uuid, vendor_product_uuid: VP2, is_pinned: false },
      ],
    });
    api.calls.length = 0;
  });

  it('edits the routes of a routing: a fallback for a code is added and the whole list is saved', async () => {
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: [routingRoutes({})] }],
      { initialEntries: [`/product/routing/edit/${ID}`] },
    );
    renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    const code1 = await screen.findByLabelText('Code of route 1', undefined, { timeout: 30_000 });
    expect((code1 as HTMLInputElement).value).toBe('44');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add route/ })));
    fireEvent.change(screen.getByLabelText('Code of route 2'), { target: { value: '44' } });
    // not chosen yet: said in words, nothing sent
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save routes' })));
    expect(screen.getByRole('alert').textContent).toBe('Route 2: choose the vendor product');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    const pick = screen.getByLabelText('Vendor product of route 2');
    await act(async () => fireEvent.mouseDown(pick));
    await act(async () => fireEvent.click(await screen.findByTitle('Acme / UK backup')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save routes' })));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      routes: [
        { code: '44', vendor_product_uuid: VP1, is_pinned: true },
        { code: '44', vendor_product_uuid: VP2, is_pinned: false },
      ],
    });
    // the save's refetch starts the form again from what the server holds (this stub keeps one route); the
    // confirmation outlives that: it used to vanish with the old form, often before anyone could read it
    await waitFor(() => expect(screen.queryByLabelText('Code of route 2')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Routes saved');
  });
});
