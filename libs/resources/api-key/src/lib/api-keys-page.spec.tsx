import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { ApiKey } from '@smsc/shared-contract';
import { displayZone, formatDateTime } from '@smsc/shared-util';
import { ApiKeysPage } from './api-keys-page';

const KEY = 'smsc_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const TEST_KEY = 'smsc_test_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const row = (name: string, id: string): ApiKey => ({
  api_key_uuid: id,
  name,
  prefix: KEY.slice(0, 12),
  created_on: '2026-11-25T10:00:00.000Z',
  last_used_on: null,
  created_by_email: 'acme-admin@example.com',
  scopes: ['send'],
  sandbox: false,
});

describe('ApiKeysPage', () => {
  let keys: ApiKey[];
  let perPage = 50;
  let api: ReturnType<typeof stubApi>;
  /** the calls so far, as "METHOD path" */
  const calls = () => api.calls.map((c) => `${c.method} ${c.path}`);
  const json = (body: unknown, status = 200) => ({ status, body });

  beforeAll(() => {
    // a tiny stand-in for the three calls, keeping the list in memory like the server would
    api = stubApi(({ method, path, query, body }) => {
      if (method === 'GET' && path === '/api_key/list') {
        // the server's paging, at a page of `perPage`
        const at = Number(query.get('page') ?? 0) * perPage;
        return json({
          items: keys.slice(at, at + perPage),
          total: keys.length,
          per_page: perPage,
          account_sid: 'AC6f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e',
        });
      }
      if (method === 'POST' && path === '/api_key') {
        const b = body as { name: string; scopes: ApiKey['scopes']; sandbox?: boolean };
        const made = {
          ...row(b.name, '11111111-1111-4111-8111-111111111111'),
          scopes: b.scopes,
          sandbox: !!b.sandbox,
          prefix: b.sandbox ? TEST_KEY.slice(0, 17) : KEY.slice(0, 12),
        };
        keys = [made, ...keys];
        return json({ api_key: made, key: b.sandbox ? TEST_KEY : KEY }, 201);
      }
      if (method === 'DELETE') {
        keys = keys.filter((k) => !path.endsWith(k.api_key_uuid));
        return json({ message: 'API key revoked' });
      }
      return json({ code: 'error', detail: 'unexpected' }, 500);
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    keys = [];
    perPage = 50;
    api.calls.length = 0;
  });

  it('creates a key shown once in a modal, lists only prefixes, and revokes a key after confirmation', async () => {
    keys = [row('Old app', '22222222-2222-4222-8222-222222222222')];
    const { store } = renderWithProviders(<ApiKeysPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('Old app');
    // the Account SID a Twilio client signs in with (docs/twilio-compat.md)
    expect(screen.getByTestId('twilio-account-sid').textContent).toContain('AC6f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e');
    // dates as on every other page (YYYY-MM-DD HH:mm in the reader's zone), not the browser locale's
    expect(within(table).getByText(formatDateTime('2026-11-25T10:00:00.000Z'))).toBeTruthy();
    expect(formatDateTime('2026-11-25T10:00:00.000Z')).toMatch(/^2026-11-2\d \d{2}:00$/);
    // under headers naming that zone
    expect(within(table).getByRole('columnheader', { name: `Last used (${displayZone()})` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Create API key/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'CRM' } });
    // send is ticked to begin with; no scope at all cannot be created
    const send = screen.getByRole('checkbox', { name: /^Send:/ });
    expect((send as HTMLInputElement).checked).toBe(true);
    fireEvent.click(send);
    expect(screen.getByText('Pick at least one')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Read:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('api-key-value')).textContent).toContain(KEY);
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'API key "CRM" created' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-value')).toBeNull());
    await within(table).findByText('CRM');
    expect(table.textContent).toContain(`${KEY.slice(0, 12)}…`);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'CRM', scopes: ['read'], sandbox: false });
    expect((within(table).getByText('CRM').closest('tr') as HTMLElement).textContent).toContain('Live');
    expect((within(table).getByText('CRM').closest('tr') as HTMLElement).textContent).toContain('read');
    expect(document.body.textContent).not.toContain(KEY);

    // revoking asks first; only the confirmation sends the DELETE
    const oldRow = within(table).getByText('Old app').closest('tr') as HTMLElement;
    fireEvent.click(within(oldRow).getByRole('button', { name: 'Revoke' }));
    expect(calls().filter((c) => c.startsWith('DELETE'))).toEqual([]);
    const tip = await screen.findByText('Revoke "Old app"?');
    const confirm = within(tip.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Revoke' });
    fireEvent.click(confirm);
    await waitFor(() => expect(within(table).queryByText('Old app')).toBeNull());
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'API key "Old app" revoked' });
    expect(calls()).toContain('DELETE /api_key/22222222-2222-4222-8222-222222222222');
  }, 90_000);

  it('creates a test (sandbox) key when Test is chosen, and marks test and live keys apart in the list', async () => {
    keys = [row('Production', '55555555-5555-4555-8555-555555555555')];
    renderWithProviders(<ApiKeysPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('Production');
    fireEvent.click(screen.getByRole('button', { name: /Create API key/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Try-out' } });
    // live is chosen to begin with: a key is what it always was unless Test is picked
    expect((screen.getByRole('radio', { name: 'Live' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Test (sandbox)' }));
    expect(screen.getByText(/never charged nor sent to a carrier; magic numbers/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('api-key-value')).textContent).toContain('smsc_test_');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Try-out',
      scopes: ['send'],
      sandbox: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const test = (await within(table).findByText('Try-out')).closest('tr') as HTMLElement;
    expect(test.textContent).toContain('Test (sandbox)');
    expect(test.textContent).toContain('smsc_test_abcdefg…');
    const live = within(table).getByText('Production').closest('tr') as HTMLElement;
    expect(live.textContent).toContain('Live');
    expect(live.textContent).not.toContain('sandbox');
  }, 90_000);

  it('shows a key revoked with its deactivated creator as revoked, with Remove instead of Revoke', async () => {
    keys = [
      {
        ...row('Colleague app', '33333333-3333-4333-8333-333333333333'),
        created_by_email: 'colleague@example.com',
        revoked_on: '2026-12-01T09:00:00.000Z',
        revoked_reason: 'creator_deactivated',
      },
      row('Live app', '44444444-4444-4444-8444-444444444444'),
    ];
    const { store } = renderWithProviders(<ApiKeysPage />);
    const table = await screen.findByRole('table');
    const revoked = (await within(table).findByText('Colleague app')).closest('tr') as HTMLElement;
    expect(revoked.textContent).toContain(
      `Revoked ${formatDateTime('2026-12-01T09:00:00.000Z')}: colleague@example.com was deactivated`,
    );
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();
    const live = within(table).getByText('Live app').closest('tr') as HTMLElement;
    expect(live.textContent).toContain('Active');
    fireEvent.click(within(revoked).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).queryByText('Colleague app')).toBeNull());
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'API key "Colleague app" removed' });
  }, 90_000);

  it('pages the keys as the server does when there are more than a page of them', async () => {
    perPage = 2;
    keys = ['A', 'B', 'C'].map((n, i) => row(`App ${n}`, `5555555${i}-5555-4555-8555-555555555555`));
    renderWithProviders(<ApiKeysPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('App A');
    expect(within(table).queryByText('App C')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    await within(table).findByText('App C');
    expect(within(table).queryByText('App A')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api_key/list' && c.query.get('page') === '1')).toBe(true);
  }, 90_000);

  it('shows no pager while the keys fit on one page', async () => {
    keys = [row('Only app', '66666666-6666-4666-8666-666666666666')];
    renderWithProviders(<ApiKeysPage />);
    await within(await screen.findByRole('table')).findByText('Only app');
    expect(document.querySelector('.ant-pagination')).toBeNull();
  }, 90_000);
});
