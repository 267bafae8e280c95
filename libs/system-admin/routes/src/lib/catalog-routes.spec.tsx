import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { innermostTitle, RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { systemAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const VP = '0d9c1f5e-4b1a-4c51-9a55-2b1e3f6a7c80';
const CONN = {
  smsc_connection_uuid: ID,
  smsc_id: 'northwind-smpp',
  vendor_uuid: null,
  vendor_name: null,
  api_adapter_id: 'smpp',
  api_adapter_name: 'SMPP 3.4 client',
  host: 'smsc.northwind.example',
  port: 2775,
  system_id: 'acct42',
  system_type: null,
  url: null,
  throughput: 50,
  status: 'active',
  has_password: true,
  created_on: '2026-01-01T00:00:00Z',
  window_size: null,
  transceiver_mode: false,
  gateway: 'kannel',
  binds: null,
};

describe('system admin catalog and SMSC connection routes', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/smsc-connection/smsc-connection/list', 'SMSC connections'],
    ['/system-admin/smsc-connection/add-smsc-connection', 'Add SMSC connection'],
    [`/system-admin/smsc-connection/edit-smsc-connection/${ID}`, 'Edit SMSC connection'],
    ['/system-admin/product/sms-pricing', 'SMS pricing'],
    ['/system-admin/product/sms-pricing/add-product', 'Add rate table'],
    ['/system-admin/product/rate-table', 'Rate tables'],
    [`/system-admin/vendor/list/Northwind/${ID}`, 'SMSC connections'],
    [`/system-admin/vendor/${VP}/rate-deck`, 'Rate deck'],
    [`/system-admin/vendor/${VP}/add/rate-deck`, 'Import rate deck'],
    [`/system-admin/vendor/accounts/${ID}`, 'Vendor products'],
    ['/system-admin/vendor/add-vendor-product', 'Add vendor product'],
    [`/system-admin/vendor/edit-vendor-product/${VP}`, 'Edit vendor product'],
  ])('%s is "%s" (docs/spec.md §2)', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });

  describe('with the API answering', () => {
    let api: ReturnType<typeof stubApi>;
    /** the calls so far, each as method, path with its query, and body */
    const seen = () =>
      api.calls.map((c) => ({ method: c.method, path: `${c.query}` ? `${c.path}?${c.query}` : c.path, body: c.body }));
    beforeAll(() => {
      api = stubApi(({ method, path, body }) => {
        const json = (b: unknown, status = 200) => ({ status, body: b });
        if (path === '/smsc_connection/list') return json({ items: [CONN], total: 1, per_page: 10 });
        if (path === '/smsc_connection/status') {
          return json({
            gateway: 'kannel',
            reachable: true,
            message: 'Kannel bearerbox running',
            uptime: '1m',
            queued: 0,
            checked_on: '2026-01-01T00:00:00Z',
            links: [
              {
                smsc_id: 'northwind-backup',
                state: 'connecting',
                detail: 're-connecting',
                queued: 2,
                failed: 0,
                received: 0,
                sent: 0,
                rate_in: 0,
                rate_out: 0,
              },
            ],
          });
        }
        if (path === `/smsc_connection/${ID}` && method === 'GET') return json(CONN);
        if (path === `/smsc_connection/${ID}` && method === 'PATCH') return json({ ...CONN, ...(body as object) });
        if (path === '/api_adapter/list')
          return json({
            items: [
              {
                api_adapter_id: 'smpp',
                name: 'SMPP 3.4 client',
                protocol: 'smpp',
                description: '',
                required: ['host'],
                optional: [],
              },
            ],
            total: 1,
            per_page: 100,
          });
        if (path === '/vendor/list') return json({ items: [], total: 0, per_page: 1000 });
        if (path === '/gateway')
          return json({
            message: 'The built-in SMSC simulator carries every message: there are no SMSC connections to apply',
            applied_by: 'none',
            connections: 1,
          });
        if (path === `/vendor_product/${VP}`) {
          return json({
            vendor_product_uuid: VP,
            vendor_uuid: ID,
            vendor_name: 'Northwind',
            vendor_product_name: 'Northwind Direct',
            type: 'sms',
            mobile_network_uuid: null,
            status: 'active',
            rate_count: 0,
            created_on: '2026-01-01T00:00:00Z',
          });
        }
        // the server checks every line before it shows the preview, so a bad line is refused there already
        if (path === `/vendor_product/${VP}/import/preview`)
          return json(
            {
              errors: [
                {
                  field: 'line 3',
                  code: 'invalid',
                  detail: 'price "-1" is not a non-negative decimal with up to 6 places',
                },
              ],
            },
            400,
          );
        return json({ code: 'error', detail: `unexpected ${method} ${path}` }, 500);
      });
    });
    afterAll(() => api.restore());
    beforeEach(() => (api.calls.length = 0));
    const at = (route: string) =>
      renderWithProviders(
        <Routes>
          <Route path="/system-admin/*" element={<RoleRoutes module={systemAdminModule} />} />
        </Routes>,
        { route },
      );

    it('lists SMSC connections without any password and restarts the gateway after a confirm, with a toast of the answer', async () => {
      const { store } = at('/system-admin/smsc-connection');
      expect(await screen.findByText('northwind-smpp', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByText('smsc.northwind.example:2775')).toBeTruthy();
      expect(screen.getByText('Set')).toBeTruthy();
      // the links' bind health sits above the list
      expect(
        await screen.findByText(/Not bound: northwind-backup \(re-connecting\)/, {}, { timeout: 15_000 }),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /Restart gateway/ }));
      expect(seen().some((s) => s.path === '/gateway')).toBe(false);
      const dialog = await screen.findByRole('tooltip', {}, { timeout: 10_000 });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Restart' }));
      await waitFor(
        () =>
          expect(seen().find((s) => s.path === '/gateway')).toEqual({
            method: 'POST',
            path: '/gateway',
            body: { command: 'restart' },
          }),
        { timeout: 10_000 },
      );
      await waitFor(
        () =>
          expect(store.getState().toast.current).toMatchObject({
            kind: 'warning',
            text: expect.stringContaining('simulator'),
          }),
        { timeout: 10_000 },
      );
    }, 60_000);

    it('edits a connection with an empty password field and sends no password, so the stored one stays', async () => {
      at(`/system-admin/smsc-connection/edit-smsc-connection/${ID}`);
      const host = await screen.findByLabelText('Host', {}, { timeout: 15_000 });
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
      fireEvent.change(host, { target: { value: 'smsc2.northwind.example' } });
      fireEvent.click(screen.getByRole('button', { name: /Save/ }));
      await waitFor(() => expect(seen().find((s) => s.method === 'PATCH')).toBeTruthy(), { timeout: 15_000 });
      const patch = seen().find((s) => s.method === 'PATCH')?.body as Record<string, unknown>;
      expect(patch).toMatchObject({ host: 'smsc2.northwind.example', smsc_id: 'northwind-smpp', port: 2775 });
      expect(patch).not.toHaveProperty('password');
    }, 60_000);

    it("imports a rate deck as one file and shows the server's problem on its line", async () => {
      at(`/system-admin/vendor/${VP}/add/rate-deck`);
      expect((await screen.findByTestId('deck-import', {}, { timeout: 15_000 })).textContent).toContain(
        'Northwind Direct',
      );
      const file = new File(['code,price\n44,0.05\n49,-1\n'], 'deck.csv', { type: 'text/csv' });
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [file] } });
      // the columns are shown as guessed (code → code, price → price) and confirmed before anything is sent
      fireEvent.click(await screen.findByRole('button', { name: 'Import with these columns' }, { timeout: 15_000 }));
      expect(
        await screen.findByText(
          'price "-1" is not a non-negative decimal with up to 6 places',
          {},
          { timeout: 15_000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText('Not imported: the file has errors on other lines')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('0 imported, 2 failed');
      // the file goes to the preview with the mode and day chosen (update, from today), and is never imported
      expect(seen().some((s) => s.path.startsWith(`/vendor_product/${VP}/import?`))).toBe(false);
      const preview = seen().find((s) => s.path.startsWith(`/vendor_product/${VP}/import/preview?`));
      expect(preview?.path).toMatch(/\?mode=update&effective_from=\d{4}-\d{2}-\d{2}$/);
      expect(preview?.body).toEqual({
        csv: 'code,price\n44,0.05\n49,-1\n',
      });
    }, 60_000);
  });
});
