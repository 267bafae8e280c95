import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useRoutes } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { SMPP_ACCOUNT_ACCESS, smppAccountBundle, smppAccountPages, toSmppPatch } from './smpp-account.resource';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ACCOUNT = {
  smpp_account_uuid: ID,
  company_uuid: '11111111-2222-4333-8444-555555555555',
  company_name: 'Acme',
  system_id: 'acme-gw',
  allowed_ips: ['198.51.100.0/24'],
  max_binds: 2,
  tps: 50,
  default_ani: null,
  is_active: true,
  locked_until: null as string | null,
  failed_binds: 0,
  binds: 1,
  created_on: '2026-11-25T10:00:00.000Z',
  updated_on: '2026-11-25T10:00:00.000Z',
};
const LOCKED_ID = '8c9e6679-7425-40de-944b-e07fc1f90ae8';
const LOCKED = {
  ...ACCOUNT,
  smpp_account_uuid: LOCKED_ID,
  system_id: 'acme-2-x2y3',
  company_name: 'Acme Labs',
  allowed_ips: [] as string[],
  locked_until: '2026-12-06T14:05:00.000Z',
  failed_binds: 10,
  binds: 0,
};
const BIND = {
  bind_id: '21111111-2222-4333-8444-555555555555',
  remote_address: '198.51.100.7',
  bind_type: 'transceiver',
  since: '2026-11-26T09:00:00.000Z',
  submits: 1200,
  receipts: 1180,
  incoming: 3,
  rate: 42.5,
};

/** The role's area as the route tables mount it: the resource's pages under /area. */
function Area({ access }: { access: RoleAccess }) {
  return useRoutes([resourceRoutes(smppAccountBundle, access, smppAccountPages)]);
}
const render = (access: RoleAccess, route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/area/*" element={<Area access={access} />} />
    </Routes>,
    { route },
  );
/** the lazy pages and antd take seconds on a loaded machine */
const SLOW = { timeout: 15_000 };
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// antd's first render of the table and form takes seconds when the machine is busy
jest.setTimeout(60_000);

describe('SMPP accounts screens', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path, method, body }) => {
      const json = (b: unknown, status = 200) => ({ status, body: b });
      if (path === '/smpp_account/list') return json({ items: [ACCOUNT, LOCKED], total: 2, per_page: 10 });
      if (path === `/smpp_account/${ID}/binds`) return json({ items: [BIND] });
      if (path === `/smpp_account/${ID}` && method === 'GET') return json({ smpp_account: ACCOUNT });
      if (path === `/smpp_account/${ID}` && method === 'PATCH')
        return json({ smpp_account: { ...ACCOUNT, ...(body as object) } });
      if (path === `/smpp_account/${ID}` && method === 'DELETE') return json({ message: 'SMPP account deleted' });
      if (path === '/smpp_account' && method === 'POST') {
        const asked = body as { system_id: string };
        // as the server answers a company admin: its request and a random suffix
        return json(
          { smpp_account: { ...ACCOUNT, ...asked, system_id: `${asked.system_id}-k7qm`, smpp_account_uuid: ID } },
          201,
        );
      }
      if (path === `/smpp_account/${LOCKED_ID}` && method === 'GET') return json({ smpp_account: LOCKED });
      if (path === `/smpp_account/${LOCKED_ID}/binds`) return json({ items: [] });
      if (path === `/smpp_account/${LOCKED_ID}/unlock` && method === 'POST')
        return json({ smpp_account: { ...LOCKED, locked_until: null, failed_binds: 0 } });
      if (path === '/company/list') return json({ items: [], total: 0, per_page: 500 });
      if (path === '/smpp_account/limits') return json({ tps_ceiling: 1000, multipart_open_per_account: 300 });
      if (path === '/smpp/connection') return json({ host: 'smpp.example.com', port: 2775, tls_port: null });
      return json({ code: 'error', detail: `unexpected ${method} ${path}` }, 500);
    });
  });
  beforeEach(() => {
    api.calls.length = 0;
  });
  afterAll(() => api.restore());

  it('lists the accounts; the company column only for roles that see several companies', async () => {
    const { unmount } = render({ keys: [] }, '/area/smpp-accounts/smpp-account-list');
    const table = await screen.findByTestId('resource-table-smpp-accounts', {}, SLOW);
    expect(await within(table).findByText('acme-gw', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('198.51.100.0/24')).toBeTruthy();
    expect(within(table).queryByText('Acme')).toBeNull();
    unmount();
    render({ keys: [SMPP_ACCOUNT_ACCESS.company] }, '/area/smpp-accounts/smpp-account-list');
    const withCompany = await screen.findByTestId('resource-table-smpp-accounts', {}, SLOW);
    expect(await within(withCompany).findByText('Acme', {}, SLOW)).toBeTruthy();
  });

  it('creates an account from the form: CIDRs one a line, limits as numbers; the final system_id is shown', async () => {
    const { store } = render({ keys: [SMPP_ACCOUNT_ACCESS.suffixedSystemId] }, '/area/smpp-accounts/add-smpp-account');
    await screen.findByLabelText('System ID prefix', {}, SLOW);
    // the form says how the id is formed
    expect(screen.getByText(/a dash and 4 random characters/)).toBeTruthy();
    fill('System ID prefix', 'acme-new');
    fill('Password', 'secret1');
    fill('Allowed IPs', '203.0.113.0/24\n2001:db8::/32');
    fill('Submits per second (TPS)', '25');
    // the platform's ceiling stands under the field
    expect((await screen.findByTestId('tps-ceiling', {}, SLOW)).textContent).toMatch(/^At most 1000 on this platform/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create smpp account/i })));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true), SLOW);
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      system_id: 'acme-new',
      password: 'secret1',
      allowed_ips: ['203.0.113.0/24', '2001:db8::/32'],
      max_binds: 2,
      tps: 25,
      is_active: true,
    });
    await waitFor(
      () =>
        expect(store.getState().toast.current).toMatchObject({
          kind: 'success',
          text: 'SMPP account created: bind with System ID acme-new-k7qm',
        }),
      SLOW,
    );
  });

  it('the system admin types an exact system_id', async () => {
    render({ keys: [SMPP_ACCOUNT_ACCESS.exactSystemId] }, '/area/smpp-accounts/add-smpp-account');
    await screen.findByLabelText('System ID', {}, SLOW);
    expect(screen.queryByLabelText('System ID prefix')).toBeNull();
    expect(screen.getByText(/Kept exactly as typed/)).toBeTruthy();
  });

  it('shows a lock on the list and the account page, with Unlock for its manager', async () => {
    const { unmount } = render({ keys: [] }, '/area/smpp-accounts/smpp-account-list');
    const table = await screen.findByTestId('resource-table-smpp-accounts', {}, SLOW);
    expect(
      await within(table).findByText(
        /^Locked until 2026-12-06 \d\d:\d\d \([A-Za-z_/]+\) after 10 failed binds$/,
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(within(table).getByText('Allowed')).toBeTruthy();
    // only the locked row offers Unlock
    expect(within(table).getAllByRole('button', { name: /^Unlock SMPP account/ })).toHaveLength(1);
    unmount();
    const { store } = render({ keys: [] }, `/area/smpp-accounts/edit-smpp-account/${LOCKED_ID}`);
    expect(await screen.findByTestId('smpp-system-id', {}, SLOW)).toHaveProperty('textContent', 'acme-2-x2y3');
    expect(screen.getByText(/^Locked until .* after 10 failed binds$/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unlock SMPP account acme-2-x2y3' })));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === `/smpp_account/${LOCKED_ID}/unlock`)).toBe(true),
    );
    await waitFor(() =>
      expect(store.getState().toast.current?.text).toBe('SMPP account acme-2-x2y3 unlocked: it may bind again'),
    );
  });

  it("shows the account's live binds on its page", async () => {
    render({ keys: [] }, `/area/smpp-accounts/edit-smpp-account/${ID}`);
    expect(await screen.findByText('Live binds', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('198.51.100.7', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('transceiver')).toBeTruthy();
    expect(screen.getByText('1200')).toBeTruthy();
    expect(screen.getByText('42.5')).toBeTruthy();
  });

  it('deletes after confirmation only', async () => {
    render({ keys: [] }, '/area/smpp-accounts/smpp-account-list');
    fireEvent.click(await screen.findByRole('button', { name: `Delete SMPP account ${ID}` }, SLOW));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await screen.findAllByText(/Delete this SMPP account\?/i, {}, SLOW);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/smpp_account/${ID}`)).toBe(true),
    );
  });

  it('patches only what changed; an empty new password keeps the old one', () => {
    expect(
      toSmppPatch(
        { allowed_ips: '198.51.100.0/24', max_binds: 2, tps: 80, default_ani: '', is_active: true, password: '' },
        ACCOUNT,
      ),
    ).toEqual({ tps: 80 });
    expect(toSmppPatch({ allowed_ips: '', password: 'newpass1' }, ACCOUNT)).toEqual({
      allowed_ips: [],
      password: 'newpass1',
    });
  });
});
