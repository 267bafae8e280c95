import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { resellerSmsLogRoutes, smsLogRoutes } from './sms-pages';
import { SMS_ACCESS } from './sms.resource';

// The SMS log screens export through the server's streamed CSV (GET /sms/list?format=csv with the
// list's filters), not by reading every page into the browser.
describe('SMS log export', () => {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  const calls: { url: URL; auth: string | null }[] = [];
  const signedIn = {
    session: {
      token: 'tok-1',
      userType: 'company_admin' as const,
      exp: 1,
      email: 'x@example.com',
      status: 'success' as const,
      error: null,
    },
  };

  beforeAll(() => {
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init);
      }
    } as typeof Request;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof RealRequest ? input : new Request(String(input), init);
      const url = new URL(req.url);
      calls.push({ url, auth: req.headers.get('authorization') });
      if (url.searchParams.get('format') === 'csv')
        return new Response('Created (UTC),SMS id\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      // the list holds more rows than one page: a client-side export would have to read them all
      return new Response(
        JSON.stringify({ items: [], total: 25_000, per_page: 10, total_capped: false, next_cursor: null }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });
  beforeEach(() => {
    calls.length = 0;
  });

  const exported = async () => {
    const button = (await screen.findByRole(
      'button',
      { name: /Export CSV/ },
      { timeout: 60_000 },
    )) as HTMLButtonElement;
    // enabled once the list's own page has loaded
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 60_000 });
    fireEvent.click(button);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), { timeout: 60_000 });
    const csv = calls.filter((c) => c.url.searchParams.get('format') === 'csv');
    expect(csv).toHaveLength(1);
    // no page-by-page reading: the only list calls are the screen's own page
    expect(calls.filter((c) => c.url.searchParams.get('per_page') === '1000')).toHaveLength(0);
    // the same filters as the list on screen (its own call), without its paging
    const list = calls.find((c) => c.url.searchParams.get('format') !== 'csv' && c.url.pathname.endsWith('/sms/list'));
    const { page: _p, per_page: _pp, ...shown } = Object.fromEntries(list?.url.searchParams ?? []);
    expect(Object.fromEntries(csv[0].url.searchParams)).toEqual({ ...shown, format: 'csv' });
    return csv[0];
  };

  it('outgoing: streams /sms/list as CSV with the direction and the filters on screen, signed in', async () => {
    (URL.createObjectURL as jest.Mock).mockClear();
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/sms-log/*">
          {smsLogRoutes({ keys: [SMS_ACCESS.user] }, 'sms-log').children?.map((r, i) => (
            <Route key={i} index={r.index} path={r.path} element={r.element} />
          ))}
        </Route>
      </Routes>,
      { route: '/sms-log/outgoing?ani=%2B1212&status=delivered&page=2', preloadedState: signedIn },
    );
    const call = await exported();
    expect(call.url.pathname).toMatch(/\/sms\/list$/);
    expect(Object.fromEntries(call.url.searchParams)).toEqual(
      expect.objectContaining({
        format: 'csv',
        is_received: 'false',
        ani: expect.stringContaining('+1212'),
        status: 'delivered',
      }),
    );
    expect(call.url.searchParams.has('page')).toBe(false);
    expect(call.auth).toBe('Bearer tok-1');
    await waitFor(() =>
      expect(store.getState().toast.current?.text).toMatch(/^Exported sms-outgoing-\d{4}-\d{2}-\d{2}\.csv$/),
    );
  }, 240_000);

  it("the reseller's log (both directions) exports without a direction unless one is chosen", async () => {
    (URL.createObjectURL as jest.Mock).mockClear();
    const route = resellerSmsLogRoutes({ keys: [SMS_ACCESS.company, SMS_ACCESS.cost] }, 'reseller-sms-log');
    renderWithProviders(
      <Routes>
        <Route path={`/${route.path}`} element={route.element} />
      </Routes>,
      { route: '/reseller-sms-log?text=hello', preloadedState: signedIn },
    );
    const call = await exported();
    expect(call.url.searchParams.has('is_received')).toBe(false);
    expect(call.url.searchParams.get('text')).toContain('hello');
  }, 240_000);
});
