import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyGuards } from '@smsc/shared-contract';
import { expectPickerRecovers, renderWithProviders, stubApi } from '@smsc/shared-testing';
import { CompanyGuardsPanel, guardsBody } from './company-guards';
import { GuardAlertsBanner } from './guard-alerts';

const ID = '16fd2706-8baf-433b-82eb-8c7fada847da';
const base: CompanyGuards = {
  company_uuid: ID,
  currency: 'USD',
  daily_limit: '50.00',
  monthly_limit: null,
  own_daily_limit: null,
  own_monthly_limit: null,
  effective_daily_limit: '50.00',
  effective_monthly_limit: null,
  spent_today: '12.50',
  spent_this_month: '80.00',
  spend: { today: '13.75', this_month: '91.20', time_zone: 'Asia/Tokyo' },
  allowed_countries: null,
  reseller_default_countries: ['GB', 'US'],
  effective_countries: ['GB', 'US'],
  low_balance_threshold: '10.00',
  low_balance: true,
  min_margin: null,
  pumping_holds: [
    {
      hold_uuid: '9b2d1f3e-7c3a-4e0b-9a55-2b6c0d2f5e11',
      company_uuid: ID,
      company_name: 'Acme',
      prefix: '+1415555',
      signal: 'sequential',
      reason: 'at least 80% of the numbers sent to are at most 10 apart',
      held_on: '2026-11-26T10:00:00.000Z',
      released_on: null,
    },
    {
      hold_uuid: '0c4e2a17-5d6b-4f8e-8a21-7e3b9c1d4f22',
      company_uuid: ID,
      company_name: 'Acme',
      prefix: '+1312',
      signal: 'otp_conversion',
      reason: '0 of 12 one-time codes sent there were used (under 50%)',
      held_on: '2026-11-26T10:05:00.000Z',
      released_on: null,
    },
  ],
};
const countries = {
  items: [
    { iso2: 'GB', name: 'United Kingdom', price: '0.045', allowed: true },
    { iso2: 'US', name: 'United States', price: '0.012', allowed: true },
    { iso2: 'DE', name: 'Germany', price: null, allowed: false },
  ],
};

describe('CompanyGuardsPanel', () => {
  let state: CompanyGuards;
  let countriesDown = false;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    // the server's side: the guards, the country list, a PUT that refuses an own limit above the set one
    api = stubApi(({ method, path, body }) => {
      if (path === `/company/${ID}/guards/countries`)
        return countriesDown
          ? { status: 503, body: { code: 'error', detail: 'down for a moment' } }
          : { body: countries };
      if (path === `/company/${ID}/guards` && method === 'GET') return { body: state };
      if (path === `/company/${ID}/guards` && method === 'PUT') {
        const b = body as Record<string, string | null>;
        if (b.own_daily_limit && Number(b.own_daily_limit) > 50)
          return {
            status: 400,
            body: {
              errors: [
                {
                  field: 'own_daily_limit',
                  code: 'invalid',
                  detail: 'may not be above the limit your provider set for you',
                },
              ],
            },
          };
        state = { ...state, ...b, effective_daily_limit: b.own_daily_limit ?? state.effective_daily_limit };
        return { body: state };
      }
      if (path === '/guards/alerts')
        return {
          body: {
            low_balance: state.low_balance ? { balance: '4.20', threshold: '10.00', currency: 'USD' } : null,
            pumping_holds: state.pumping_holds,
          },
        };
      if (path.startsWith('/guards/holds/')) {
        state = { ...state, pumping_holds: [] };
        return { body: { ...base.pumping_holds[0], released_on: '2026-11-26T11:00:00.000Z' } };
      }
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    state = base;
    countriesDown = false;
    api.calls.length = 0;
  });

  it('says when the country list could not be loaded, and loads it again on Try again', async () => {
    countriesDown = true;
    renderWithProviders(<CompanyGuardsPanel companyId={ID} mode="biller" />);
    await screen.findByTestId('company-guards');
    await expectPickerRecovers(
      'Allowed countries (empty: the reseller’s default, or anywhere)',
      'United Kingdom (GB) 0.045',
      () => (countriesDown = false),
    );
  }, 30_000);

  it('a company admin sees usage against its limit, the banner and the prices; lowers its own limit only', async () => {
    const { store } = renderWithProviders(<CompanyGuardsPanel companyId={ID} mode="company" />);
    expect((await screen.findByTestId('usage-today')).textContent).toBe('12.50 of 50.00 USD');
    expect(screen.getByTestId('usage-month').textContent).toBe('80.00 USD (no limit)');
    // what was spent, from the ledger, in the company's own day and month, labelled with its zone
    expect(screen.getByText('Spent today (Asia/Tokyo)')).toBeTruthy();
    expect(screen.getByTestId('spent-today').textContent).toBe('13.75 USD');
    expect(screen.getByText('Spent this month (Asia/Tokyo)')).toBeTruthy();
    expect(screen.getByTestId('spent-month').textContent).toBe('91.20 USD');
    expect(screen.getByTestId('allowed-countries').textContent).toBe('GB, US (your reseller’s default)');
    expect(screen.getByText(/below the low-balance alert of 10.00 USD/)).toBeTruthy();
    expect(await screen.findByText('0.012')).toBeTruthy();
    expect(screen.getByText('not priced')).toBeTruthy();
    // no field for the biller's limits, no release
    expect(screen.queryByLabelText(/^Daily spend limit/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();

    fireEvent.change(screen.getByLabelText(/My daily limit/), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('may not be above the limit your provider set for you')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/My daily limit/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Guards saved' }),
    );
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ own_daily_limit: '80' }, { own_daily_limit: '30' }]);
    expect((await screen.findByTestId('usage-today')).textContent).toBe('12.50 of 30 USD');
  }, 30_000);

  it('a reseller sets the limits and releases a pumping hold', async () => {
    renderWithProviders(<CompanyGuardsPanel companyId={ID} mode="biller" />);
    const holds = await screen.findByText('+1415555');
    expect(screen.getByLabelText(/^Daily spend limit/)).toBeTruthy();
    // each hold says which signal held it, in words, and what it saw
    expect(screen.getAllByTestId('hold-why').map((w) => w.textContent)).toEqual([
      'a burst to sequential or adjacent numbers: at least 80% of the numbers sent to are at most 10 apart',
      'one-time codes sent there are seldom used (low conversion): 0 of 12 one-time codes sent there were used (under 50%)',
    ]);
    fireEvent.click(within(holds.closest('tr') as HTMLElement).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.getByText('No traffic is held')).toBeTruthy());
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/release'))).toBe(true);
  }, 30_000);

  it('sends only what changed; an emptied amount clears and an empty country list is the default', () => {
    expect(
      guardsBody(
        'biller',
        { daily_limit: '', monthly_limit: '100', low_balance_threshold: '10.00', allowed_countries: ['US', 'CA'] },
        base,
      ),
    ).toEqual({ daily_limit: null, monthly_limit: '100', allowed_countries: ['CA', 'US'] });
    expect(
      guardsBody('biller', { daily_limit: '50.00', low_balance_threshold: '10.00', allowed_countries: [] }, base),
    ).toEqual({});
  });

  it('the header banner says low balance and held traffic, linking to the Guards screen; nothing when all is well', async () => {
    const { unmount } = renderWithProviders(<GuardAlertsBanner guardsPath="/company-admin/profile/guards" />);
    const banner = await screen.findByTestId('guard-alerts');
    expect(banner.textContent).toContain('Low balance: 4.20 USD');
    expect(banner.textContent).toContain('Traffic held: +1415555…, +1312…');
    expect(within(banner).getAllByRole('link')[0].getAttribute('href')).toBe('/company-admin/profile/guards');
    unmount();
    state = { ...base, low_balance: false, pumping_holds: [] };
    renderWithProviders(<GuardAlertsBanner guardsPath="/x" />);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/guards/alerts')).toBe(true));
    expect(screen.queryByTestId('guard-alerts')).toBeNull();
  }, 30_000);
});
