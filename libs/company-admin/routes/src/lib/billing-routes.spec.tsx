import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { innermostTitle, RoleRoutes, withLoadedAreas } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { checkoutNavigation } from '@smsc/resource-billing';
import { companyAdminModule } from './routes';

describe('company admin billing routes', () => {
  // the area files load lazily: fetch them before reading titles or rendering
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/billing/invoices', 'Invoices'],
    ['/company-admin/billing/payment', 'Payments'],
    ['/company-admin/payment-gateway', 'Payment gateway'],
    ['/company-admin/payment-success', 'Payment successful'],
    ['/company-admin/payment-cancel', 'Payment cancelled'],
  ])('%s is "%s" (docs/spec.md §2)', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });

  describe('with the API answering', () => {
    let api: ReturnType<typeof stubApi>;
    const assign = jest.fn();
    const realGo = checkoutNavigation.go;
    let paypalConfigured = true;
    beforeAll(() => {
      api = stubApi(({ path }) => {
        const json = (body: unknown, status = 200) => ({ status, body });
        if (path.endsWith('/balance')) {
          return json({
            company_uuid: 'c',
            reseller_uuid: null,
            balance: '125.5',
            reserved: '0.00',
            available: '125.5',
            credit_limit: '0.00',
            currency: 'USD',
            prepay: true,
          });
        }
        if (path.endsWith('/invoice/list')) return json({ items: [], total: 0, per_page: 10 });
        if (path.endsWith('/payments/stripe/checkout'))
          return json({ payment_uuid: 'p', mode: 'test', url: '/api_smsc/v1/payments/test-checkout/p?secret=s' }, 201);
        if (path.endsWith('/payments/paypal/config'))
          return json({ provider: 'paypal', configured: paypalConfigured, currency: 'USD' });
        if (path.endsWith('/payments/create'))
          return json(
            {
              payment_uuid: 'pp',
              order_id: 'ORDER7',
              approve_url: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER7',
            },
            201,
          );
        if (path.endsWith('/payments/paypal/capture')) {
          return json({
            credited: true,
            payment: {
              payment_uuid: 'pp',
              company_uuid: 'c',
              company_name: 'Acme',
              reseller_uuid: null,
              reseller_name: null,
              method: 'paypal',
              amount: '15.00',
              currency: 'USD',
              status: 'paid',
              paid_on: null,
              created_on: '2026-11-25T00:00:00.000Z',
            },
          });
        }
        return json({ code: 'error', detail: 'unexpected' }, 500);
      });
      checkoutNavigation.go = assign;
    });
    afterAll(() => {
      api.restore();
      checkoutNavigation.go = realGo;
    });
    const at = (route: string) =>
      renderWithProviders(
        <Routes>
          <Route path="/company-admin/*" element={<RoleRoutes module={companyAdminModule} />} />
        </Routes>,
        { route },
      );

    it('its own invoices: no New invoice, no Company filter or column, and no add-invoice page', async () => {
      await act(async () => {
        at('/company-admin/billing/invoices');
      });
      expect(await screen.findByRole('table', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /New invoice/ })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: /Company/ })).toBeNull();
      expect(screen.queryByLabelText('Company')).toBeNull();
      expect(innermostTitle(companyAdminModule, '/company-admin/billing/add-invoice')).not.toBe('Add invoice');
    }, 60_000);

    it('payment-success says so and shows the balance with currency and two decimals', async () => {
      // the page's lazy parts suspend on this first render of the file: an awaited act lets React retry it
      await act(async () => {
        at('/company-admin/payment-success');
      });
      expect((await screen.findByTestId('payment-result', {}, { timeout: 10_000 })).textContent).toBe(
        'Payment received',
      );
      expect((await screen.findByTestId('balance', {}, { timeout: 10_000 })).textContent).toBe('USD 125.50');
    }, 60_000);

    it('the gateway shows the limits, refuses 0.10 and 20000, then sends a valid one and goes where the server says', async () => {
      at('/company-admin/payment-gateway');
      const amount = await screen.findByLabelText('Amount (USD)', {}, { timeout: 10_000 });
      // the card's own limits line: the PayPal card, once its configuration has loaded, shows the same words
      expect(document.getElementById('amount_extra')?.textContent).toBe('From USD 5.00 to USD 10000.00');
      fireEvent.change(amount, { target: { value: '0.10' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
      expect(await screen.findByText('The smallest top-up is USD 5.00', {}, { timeout: 10_000 })).toBeTruthy();
      fireEvent.change(amount, { target: { value: '20000' } });
      expect(await screen.findByText('The largest top-up is USD 10000.00', {}, { timeout: 10_000 })).toBeTruthy();
      expect(api.calls.some((s) => s.path.endsWith('/checkout'))).toBe(false);
      fireEvent.change(amount, { target: { value: '40.00' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/api_smsc/v1/payments/test-checkout/p?secret=s'), {
        timeout: 10_000,
      });
      expect(api.calls.find((s) => s.path.endsWith('/checkout'))?.body).toEqual({ amount: '40.00' });
      // a shared 2-core machine renders antd forms slowly
    }, 60_000);
    it('the PayPal button sends its own amount and goes to PayPal to approve', async () => {
      paypalConfigured = true;
      at('/company-admin/payment-gateway');
      const amount = await screen.findByLabelText('Amount to pay with PayPal (USD)', {}, { timeout: 10_000 });
      fireEvent.change(amount, { target: { value: '-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
      expect(await screen.findByText('Enter an amount such as 50.00', {}, { timeout: 10_000 })).toBeTruthy();
      fireEvent.change(amount, { target: { value: '15' } });
      fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
      await waitFor(
        () => expect(assign).toHaveBeenCalledWith('https://www.sandbox.paypal.com/checkoutnow?token=ORDER7'),
        { timeout: 10_000 },
      );
      expect(api.calls.find((s) => s.path.endsWith('/payments/create'))?.body).toEqual({ amount: '15' });
    }, 60_000);

    it("PayPal's return is captured by the server once and shows the payment", async () => {
      at('/company-admin/payment-gateway?provider=paypal&token=ORDER7&PayerID=X');
      expect((await screen.findByTestId('payment-result', {}, { timeout: 10_000 })).textContent).toBe(
        'Payment received',
      );
      expect(
        await screen.findByText('USD 15.00 by PayPal has been added to your balance.', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(api.calls.filter((s) => s.path.endsWith('/payments/paypal/capture')).map((s) => s.body)).toEqual([
        { order_id: 'ORDER7' },
      ]);
    }, 60_000);

    it('without server credentials the customer reads one plain sentence, no configuration words', async () => {
      paypalConfigured = false;
      at('/company-admin/payment-gateway');
      expect((await screen.findByTestId('paypal-not-configured', {}, { timeout: 10_000 })).textContent).toBe(
        'PayPal is not offered on this platform. Pay by card.',
      );
      expect(document.body.textContent).not.toMatch(/PAYPAL_|credentials|not configured/);
      expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeTruthy();
      paypalConfigured = true;
    }, 60_000);
  });
});
