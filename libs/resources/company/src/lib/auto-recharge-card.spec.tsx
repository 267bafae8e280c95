import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AutoRecharge } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { AutoRechargeCard, cardSetupNavigation } from './auto-recharge-card';
import { GuardAlertsBanner } from './guard-alerts';

const ID = '16fd2706-8baf-433b-82eb-8c7fada847da';
const empty: AutoRecharge = {
  company_uuid: ID,
  currency: 'USD',
  enabled: false,
  threshold: null,
  amount: null,
  monthly_cap: null,
  charged_this_month: '0.00',
  failures: 0,
  max_failures: 3,
  disabled_reason: null,
  card: null,
  amount_min: '5.00',
  amount_max: '10000.00',
  attempts: [],
};
const withCard: AutoRecharge = {
  ...empty,
  enabled: true,
  threshold: '10.00',
  amount: '20.00',
  monthly_cap: '100.00',
  charged_this_month: '20.00',
  card: {
    provider: 'test',
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2029,
    saved_on: '2026-11-26T10:00:00Z',
  },
  attempts: [
    {
      attempt_uuid: '9b2d1f3e-7c3a-4e0b-9a55-2b6c0d2f5e11',
      amount: '20.00',
      currency: 'USD',
      status: 'succeeded',
      message: null,
      payment_uuid: '0c8e2b7a-1f3d-4c5e-8a9b-2d3e4f5a6b7c',
      created_on: '2026-11-26T10:05:00Z',
    },
  ],
};

describe('AutoRechargeCard', () => {
  let state: AutoRecharge | 'error';
  let api: ReturnType<typeof stubApi>;
  const go = jest.spyOn(cardSetupNavigation, 'go').mockImplementation(() => undefined);
  beforeAll(() => {
    // the server's side: the settings, a PUT that refuses a small amount or no card, the card calls
    api = stubApi(({ method, path, body }) => {
      const base = `/company/${ID}/auto-recharge`;
      if (path === base && method === 'GET')
        return state === 'error' ? { status: 500, body: { code: 'error', detail: 'Database down' } } : { body: state };
      if (path === base && method === 'PUT') {
        const b = body as { enabled: boolean; amount: string; threshold: string; monthly_cap: string };
        if (Number(b.amount) < 5)
          return {
            status: 400,
            body: { errors: [{ field: 'amount', code: 'invalid', detail: 'The smallest top-up is USD 5.00' }] },
          };
        if (b.enabled && state !== 'error' && !state.card)
          return {
            status: 400,
            body: { errors: [{ field: 'enabled', code: 'invalid', detail: 'Save a card first' }] },
          };
        state = { ...(state as AutoRecharge), ...b };
        return { body: state };
      }
      if (path === `${base}/card` && method === 'POST')
        return { status: 201, body: { setup_uuid: ID, mode: 'test', url: '/api/payments/card-setup/x?secret=s' } };
      if (path === `${base}/card` && method === 'DELETE') {
        state = { ...withCard, card: null, enabled: false, disabled_reason: 'The saved card was removed.' };
        return { body: state };
      }
      if (path === '/guards/alerts')
        return {
          body: {
            low_balance: null,
            pumping_holds: [],
            auto_recharge: { failures: 3, disabled: true, message: 'Turned off after 3 failed charges in a row' },
          },
        };
      return undefined;
    });
  });
  afterAll(() => {
    api.restore();
    go.mockRestore();
  });
  beforeEach(() => {
    api.calls.length = 0;
    go.mockClear();
  });

  it('empty: no card, no charges; saving the settings is refused until a card is saved; Save a card leaves for the card page', async () => {
    state = empty;
    renderWithProviders(<AutoRechargeCard companyId={ID} mode="company" />);
    expect((await screen.findByTestId('saved-card')).textContent).toBe('No card saved');
    expect(screen.getByText('No charges yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/falls below/), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/Charge the card/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/At most a month/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Save auto-recharge' }));
    expect(await screen.findByText('The smallest top-up is USD 5.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Charge the card/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save auto-recharge' }));
    expect(await screen.findByText('Save a card first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save a card' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/payments/card-setup/x?secret=s'));
  }, 60_000);

  it('with a card: shows it and the last charge, saves with a toast, removes the card after a confirmation', async () => {
    state = withCard;
    const { store } = renderWithProviders(<AutoRechargeCard companyId={ID} mode="company" />, {
      route: '/company-admin/profile/guards?card=saved',
    });
    expect((await screen.findByTestId('saved-card')).textContent).toBe('visa •••• 4242, expires 12/2029 (test card)');
    expect(screen.getByText('Card saved')).toBeTruthy();
    expect(screen.getByText('succeeded')).toBeTruthy();
    expect(screen.getByText('20.00 of 100.00 USD')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Charge the card/), { target: { value: '25.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save auto-recharge' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Auto-recharge saved' }),
    );
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      threshold: '10.00',
      amount: '25.00',
      monthly_cap: '100.00',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The saved card was removed.')).toBeTruthy();
    expect((await screen.findByTestId('saved-card')).textContent).toBe('No card saved');
  }, 60_000);

  it('the reseller and the system admin see it read-only; a failed load says why', async () => {
    state = withCard;
    const { unmount } = renderWithProviders(<AutoRechargeCard companyId={ID} mode="biller" />);
    expect((await screen.findByTestId('saved-card')).textContent).toContain('4242');
    expect(screen.queryByRole('button', { name: 'Save auto-recharge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove card' })).toBeNull();
    expect((screen.getByLabelText(/Charge the card/) as HTMLInputElement).disabled).toBe(true);
    unmount();
    state = 'error';
    renderWithProviders(<AutoRechargeCard companyId={ID} mode="company" />);
    expect(await screen.findByText('Database down')).toBeTruthy();
  }, 60_000);

  it('the header banner says when auto-recharge failed and turned itself off', async () => {
    renderWithProviders(<GuardAlertsBanner guardsPath="/company-admin/profile/guards" />);
    const banner = await screen.findByTestId('guard-alerts');
    expect(banner.textContent).toContain('Auto-recharge turned off: charges failed');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/company-admin/profile/guards');
  }, 60_000);
});
