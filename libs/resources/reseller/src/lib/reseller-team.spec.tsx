import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { SessionState } from '@smsc/shared-session';
import { ResellerTeam } from './reseller-team';

const RESELLER = '00000000-0000-4000-8000-0000000000b1';
const member = (uuid: string, full_name: string, reseller_role: 'admin' | 'read_only', invite_pending = false) => ({
  uuid,
  email: `${full_name.toLowerCase().replace(' ', '.')}@example.com`,
  full_name,
  reseller_role,
  is_active: true,
  invite_pending,
  created_on: '2026-11-01T00:00:00.000Z',
});
const session = (readOnly: boolean): { session: SessionState } => ({
  session: {
    token: 't',
    userType: 'reseller',
    exp: 4_000_000_000,
    email: 'r@example.com',
    readOnly,
    status: 'success',
    error: null,
  },
});

describe('a reseller team screen', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(120_000);
  let api: ReturnType<typeof stubApi>;
  beforeEach(() => {
    const rows = [member('00000000-0000-4000-8000-000000000001', 'Ada Admin', 'admin')];
    api = stubApi(({ path, method, body }) => {
      if (path.endsWith(`/reseller/${RESELLER}/user/list`))
        return { status: 200, body: { items: rows, total: rows.length, per_page: 10 } };
      if (method === 'POST' && path.endsWith(`/reseller/${RESELLER}/user`)) {
        const b = body as { full_name: string; reseller_role: 'admin' | 'read_only'; password?: string };
        const created = member('00000000-0000-4000-8000-000000000002', b.full_name, b.reseller_role, !b.password);
        rows.push(created);
        return { status: 201, body: created };
      }
      return { status: 404, body: { error: { message: 'not found' } } };
    });
  });
  afterEach(() => api.restore());

  it('invites a read-only user by mail (no password sent) and shows it as invited', async () => {
    const { store } = renderWithProviders(<ResellerTeam reseller={RESELLER} />, { preloadedState: session(false) });
    expect(await screen.findByText('Ada Admin', undefined, { timeout: 30_000 })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Invite user/ })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Vera Viewer' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'vera@example.com' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Create user/ })));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      full_name: 'Vera Viewer',
      email: 'vera@example.com',
      reseller_role: 'read_only',
    });
    await waitFor(() =>
      expect(store.getState().toast.current?.text).toBe('Invitation sent to vera.viewer@example.com'),
    );
    const row = (await screen.findByText('Vera Viewer')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Invited')).toBeTruthy();
    expect(within(row).getByText('Read-only')).toBeTruthy();
  });

  it('shows a read-only login the team without a single write action', async () => {
    renderWithProviders(<ResellerTeam reseller={RESELLER} />, { preloadedState: session(true) });
    const name = await screen.findByText('Ada Admin', undefined, { timeout: 30_000 });
    const row = name.closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: /Invite user/ })).toBeNull();
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });
});
