import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteQuality, RouteQualityWindow } from '@smsc/shared-contract';
import { ResourceRoot } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { routeQualityRoutes } from './route-quality-pages';

const NORTHWIND = '00000000-0000-4000-8000-0000000000b1';
const CONTOSO = '00000000-0000-4000-8000-0000000000b2';
const win = (sent: number, delivered: number): RouteQualityWindow => ({
  sent,
  receipts: sent,
  delivered,
  judged: sent,
  receipt_ratio: sent ? 1 : null,
  delivered_ratio: sent ? delivered / sent : null,
  latency_p50: 1.2,
  latency_p95: 4.5,
});
const route = (id: string, over: Partial<RouteQuality>): RouteQuality => ({
  route_quality_uuid: id,
  vendor_product_uuid: id,
  vendor_product_name: 'Contoso Global',
  vendor_name: 'Contoso Messaging',
  country_code: 'US',
  country: 'United States of America',
  state: 'active',
  state_since: '2026-03-01T12:00:00.000Z',
  pin: 'auto',
  floor: 0.97,
  floor_is_default: true,
  evaluated_on: '2026-03-01T12:05:00.000Z',
  window: win(120, 119),
  last_hour: win(900, 890),
  last_day: win(9000, 8950),
  networks: [{ network: '', window: win(120, 119), last_hour: win(900, 890), last_day: win(9000, 8950) }],
  ...over,
});

describe('Products → Route quality (system admin)', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  let northwind: RouteQuality;
  /** a fresh platform: no route has carried a message */
  let none = false;
  beforeAll(() => {
    api = stubApi(({ method, path, body }) => {
      const rows = none ? [] : [northwind, route(CONTOSO, {})];
      if (path === '/route_quality/list') return { body: { items: rows, total: rows.length, per_page: 20 } };
      if (path === '/route_quality/settings')
        return {
          body: {
            default_floor: 0.97,
            min_judged: 20,
            window_seconds: 300,
            receipt_wait_seconds: 120,
            probation_seconds: 900,
            check_seconds: 30,
          },
        };
      if (path === `/route_quality/${NORTHWIND}` && method === 'PATCH') {
        const patch = body as { floor_percent?: number; default_floor?: boolean; pin?: RouteQuality['pin'] };
        if (patch.floor_percent !== undefined)
          northwind = { ...northwind, floor: patch.floor_percent / 100, floor_is_default: false };
        if (patch.default_floor) northwind = { ...northwind, floor: 0.97, floor_is_default: true };
        if (patch.pin)
          northwind = { ...northwind, pin: patch.pin, state: patch.pin === 'on' ? 'active' : northwind.state };
        return { body: northwind };
      }
      if (path === `/route_quality/${NORTHWIND}`) return { body: northwind };
      if (path === `/route_quality/${NORTHWIND}/events`)
        return {
          body: {
            items: [
              {
                event_uuid: '00000000-0000-4000-8000-0000000000e1',
                kind: 'demoted',
                from_state: 'active',
                to_state: 'demoted',
                reason: 'delivered 87.5 % of 80 judged messages in 5 min, under its floor of 97 %',
                judged: 80,
                delivered_ratio: 0.875,
                floor: 0.97,
                actor_email: null,
                created_on: '2026-03-01T12:00:00.000Z',
              },
            ],
            total: 1,
            per_page: 20,
          },
        };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    northwind = route(NORTHWIND, {
      vendor_product_name: 'Northwind Direct',
      vendor_name: 'Northwind Telecom',
      state: 'demoted',
      window: { ...win(80, 70), delivered_ratio: 0.875 },
    });
    api.calls.length = 0;
    none = false;
  });

  const open = () => {
    const router = createMemoryRouter(
      [{ path: '/product', element: <ResourceRoot />, children: routeQualityRoutes({}) }],
      { initialEntries: ['/product/route-quality'] },
    );
    return { ...renderWithProviders(<RouterProvider router={router} />, { withRouter: false }), router };
  };
  const rowOf = async (name: string) =>
    (await screen.findByText(name, undefined, { timeout: 30_000 })).closest('tr') as HTMLElement;

  it('lists each route with its ratios, latency, state, floor and pin, and says the rules', async () => {
    open();
    const row = await rowOf('Northwind Direct');
    expect(within(row).getByText('Demoted')).toBeTruthy();
    expect(within(row).getByText('87.5 %')).toBeTruthy();
    expect(within(row).getByText('1.2 s / 4.5 s')).toBeTruthy();
    expect(within(row).getByText('97 % (default)')).toBeTruthy();
    expect(within(await rowOf('Contoso Global')).getByText('Active')).toBeTruthy();
    expect((await screen.findByTestId('route-quality-rules')).textContent).toMatch(
      /last 5 min.*Under its floor \(97 % unless set\) over at least 20 judged messages.*after 15 min without a shortfall\. Evaluated every 30 s\./,
    );
  });

  it('says why the list is empty on a platform whose routes have carried nothing yet', async () => {
    none = true;
    open();
    expect(
      await screen.findByText(
        'No route has carried a message yet: each vendor product appears here for a country once it has sent there.',
        undefined,
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('route-quality-rules')).toBeTruthy();
  });

  it('sets a floor with a toast, and goes back to the default', async () => {
    const { store } = open();
    const row = await rowOf('Northwind Direct');
    await act(async () =>
      fireEvent.click(
        within(row).getByRole('button', { name: 'Set floor: Northwind Direct → United States of America' }),
      ),
    );
    const input = await screen.findByLabelText('Floor (%)');
    await act(async () => fireEvent.change(input, { target: { value: '95' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save floor' })));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ floor_percent: 95 }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'success',
        text: 'Floor of Northwind Direct → United States of America set to 95 %; it is demoted',
      }),
    );
    expect(await within(await rowOf('Northwind Direct')).findByText('95 %')).toBeTruthy();

    await act(async () =>
      fireEvent.click(within(await rowOf('Northwind Direct')).getByRole('button', { name: /^Set floor/ })),
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Use the default (97 %)' })));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ default_floor: true }),
    );
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        text: 'Northwind Direct → United States of America keeps the default floor (97 %)',
      }),
    );
  });

  it('pins a route always on with a toast', async () => {
    const { store } = open();
    const row = await rowOf('Northwind Direct');
    fireEvent.mouseDown(within(row).getByLabelText('Pin: Northwind Direct → United States of America'));
    await act(async () =>
      fireEvent.click(await screen.findByText('Always on', { selector: '.ant-select-item-option-content span' })),
    );
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ pin: 'on' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        kind: 'success',
        text: 'Northwind Direct → United States of America is pinned always on',
      }),
    );
  });

  it('opens a route by a click: its windows, networks and changes', async () => {
    const { router } = open();
    const row = await rowOf('Northwind Direct');
    await act(async () => fireEvent.click(within(row).getByRole('link', { name: /^Details of Route/ })));
    expect(router.state.location.pathname).toBe(`/product/route-quality/${NORTHWIND}`);
    const page = await screen.findByTestId('route-quality-details', undefined, { timeout: 30_000 });
    expect(within(page).getByText('Northwind Direct → United States of America')).toBeTruthy();
    expect(within(page).getByText('Decision window')).toBeTruthy();
    expect(within(page).getByText('No network by prefix')).toBeTruthy();
    expect(
      await within(page).findByText('delivered 87.5 % of 80 judged messages in 5 min, under its floor of 97 %'),
    ).toBeTruthy();
    expect(within(page).getByText('Measurements')).toBeTruthy();
  });
});
