import { act, screen, waitFor } from '@testing-library/react';
import { LEDGER_LIST } from '@smsc/shared-api';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { billingApi } from './billing.api';
import { HeaderBalance } from './header-balance';

describe('HeaderBalance', () => {
  let stub: ReturnType<typeof stubApi>;
  let reads = 0;
  beforeAll(() => {
    stub = stubApi(({ path }) => {
      if (!path.endsWith('/balance')) return { status: 500, body: { code: 'error', detail: `unexpected ${path}` } };
      reads++;
      // a send between the reads: 0.012 more is held for it
      return {
        status: 200,
        body: {
          company_uuid: null,
          reseller_uuid: null,
          balance: '6.20',
          reserved: reads > 1 ? '0.012' : '0.00',
          available: reads > 1 ? '6.188' : '6.20',
          credit_limit: '10.00',
          low_balance_threshold: null,
          currency: 'USD',
          prepay: false,
        },
      };
    });
  });
  afterAll(() => stub.restore());

  it('shows what the company can spend and its credit, read again when the ledger tag is invalidated by a send', async () => {
    const { store } = renderWithProviders(<HeaderBalance historyPath="/company-admin/billing/transactions" />);
    await waitFor(() => expect(screen.getByTestId('header-available').textContent).toBe('USD 6.20'), {
      timeout: 20_000,
    });
    expect(screen.getByTestId('header-credit').textContent).toBe('(credit USD 10.00)');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/company-admin/billing/transactions');
    // what a send, a bulk or a payment does to the cache: the header reads the balance again
    act(() => {
      store.dispatch(billingApi.util.invalidateTags([LEDGER_LIST]));
    });
    await waitFor(() => expect(screen.getByTestId('header-available').textContent).toBe('USD 6.188'), {
      timeout: 20_000,
    });
  }, 60_000);
});
