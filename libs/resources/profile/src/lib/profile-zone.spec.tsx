import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Home } from '@smsc/shared-contract';
import { renderWithProviders, stubApi, type StubCall } from '@smsc/shared-testing';
import { useAccountZone } from '@smsc/shared-session/api';
import { browserZone, currentZoneName, setDisplayZone } from '@smsc/shared-util';
import { AccountForm, ProfileDetails } from './profile-pages';
import { companyInfoBundle, companyInfoDefinition } from './profile.resource';

const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const COMPANY_ID = '16fd2706-8baf-433b-82eb-8c7fada847da';
const user = (over: Partial<Home['user']> = {}): Home['user'] => ({
  uuid: RESELLER_ID,
  email: 'reseller@example.com',
  full_name: 'Demo Reseller',
  user_type: 'reseller',
  is_active: true,
  is_admin: false,
  company_uuid: null,
  company_name: null,
  reseller_uuid: '9b2d1f3e-7c3a-4e0b-9a55-2b6c0d2f5e11',
  created_on: '2026-01-01T00:00:00Z',
  time_zone: null,
  ...over,
});
const company: NonNullable<Home['company']> = {
  company_uuid: COMPANY_ID,
  company_name: 'Acme',
  reseller_uuid: null,
  reseller_name: null,
  payment_term_uuid: null,
  status: 'active',
  prepay: true,
  is_below_credit_limit: false,
  is_created_by_admin: false,
  created_on: '2026-01-01T00:00:00Z',
  time_zone: 'America/Los_Angeles',
};
const session = {
  token: 't',
  userType: 'reseller' as const,
  exp: 4_102_444_800,
  email: 'reseller@example.com',
  readOnly: false,
  status: 'success' as const,
  error: null,
};

/** The frame's zone as a probe: what useAccountZone puts in force, and whether the screens may mount. */
function ZoneProbe() {
  const { zone, ready } = useAccountZone();
  return <output data-testid="zone">{ready ? zone : 'waiting'}</output>;
}

describe("an account's time zone", () => {
  // antd's first render under jsdom on a busy 2-core machine takes seconds
  jest.setTimeout(120_000);
  let home: Home;
  let api: ReturnType<typeof stubApi>;
  const patches = () => api.calls.filter((c: StubCall) => c.method === 'PATCH');
  beforeEach(() => {
    api = stubApi((call) => {
      if (call.path !== '/home') return undefined;
      if (call.method === 'PATCH') {
        const body = call.body as { time_zone?: string; full_name?: string };
        home = { ...home, user: { ...home.user, ...body } };
      }
      return { body: home };
    });
  });
  afterEach(() => {
    // unmounted first: a zone change while the probe is on screen would re-render it outside act
    cleanup();
    api.restore();
    setDisplayZone(null);
  });

  it("saves the browser's zone as a reseller's own at its first sign-in, and shows times in it meanwhile", async () => {
    home = { user: user(), company: null };
    renderWithProviders(<ZoneProbe />, { preloadedState: { session } });
    await waitFor(() => expect(screen.getByTestId('zone').textContent).toBe(browserZone()));
    await waitFor(() => expect(patches().map((c) => c.body)).toEqual([{ time_zone: currentZoneName(browserZone()) }]));
  });

  it('puts a chosen zone in force, and a company account its company’s, without saving anything', async () => {
    home = { user: user({ time_zone: 'Asia/Kolkata' }), company: null };
    const first = renderWithProviders(<ZoneProbe />, { preloadedState: { session } });
    await waitFor(() => expect(screen.getByTestId('zone').textContent).toBe('Asia/Kolkata'));
    first.unmount();
    home = { user: user({ user_type: 'company_admin', company_uuid: COMPANY_ID }), company };
    renderWithProviders(<ZoneProbe />, { preloadedState: { session: { ...session, userType: 'company_admin' } } });
    await waitFor(() => expect(screen.getByTestId('zone').textContent).toBe('America/Los_Angeles'));
    expect(patches()).toEqual([]);
  });

  it("lets a reseller pick its zone in Profile by a city's name, and saves it with the form", async () => {
    home = { user: user({ time_zone: 'Europe/Berlin' }), company: null };
    renderWithProviders(<AccountForm />);
    const shown = await screen.findByTestId('profile-account', {}, { timeout: 30_000 });
    expect(within(shown).getByText('Europe/Berlin')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Time zone' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Kolkata' } });
    fireEvent.click(
      await screen.findByText(/^Asia\/Kolkata \(UTC\+05:30\)$/, { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(patches().map((c) => c.body)).toEqual([{ full_name: 'Demo Reseller', time_zone: 'Asia/Kolkata' }]),
    );
  });

  it('shows a system admin without a chosen zone that its reports count in UTC until it picks one', async () => {
    home = { user: user({ user_type: 'admin', reseller_uuid: null }), company: null };
    renderWithProviders(<ProfileDetails show="account" />);
    const shown = await screen.findByTestId('profile-account', {}, { timeout: 30_000 });
    expect(within(shown).getByText('Not chosen yet (reports count in UTC)')).toBeTruthy();
  });

  it("shows a company's zone in its info and lets its admin change it, never in a company person's own form", async () => {
    home = { user: user({ user_type: 'company_admin', company_uuid: COMPANY_ID }), company };
    renderWithProviders(<ProfileDetails show="company" />);
    const shown = await screen.findByTestId('profile-company', {}, { timeout: 30_000 });
    expect(within(shown).getByText('America/Los_Angeles')).toBeTruthy();
    expect(companyInfoDefinition.formFields.map((f) => f.name)).toContain('time_zone');
    expect(companyInfoBundle.toForm?.(company)).toMatchObject({ time_zone: 'America/Los_Angeles' });
    expect(companyInfoBundle.toPatch?.({ company_name: 'Acme', time_zone: 'Asia/Tokyo' }, company)).toEqual({
      company_name: 'Acme',
      users_see_money: false,
      time_zone: 'Asia/Tokyo',
    });
    // the company admin's own contact form has no zone of its own: its dates are the company's
    renderWithProviders(<AccountForm />);
    await waitFor(() => expect(screen.getAllByTestId('profile-account').length).toBeGreaterThan(0));
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).toBeNull();
  });
});
