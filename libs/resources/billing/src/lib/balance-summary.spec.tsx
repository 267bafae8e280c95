import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { BalanceSummary } from './billing-pages';
import { HeaderBalance } from './header-balance';

/** The header's balance (read at sign-in), and a button that opens a screen showing the balance summary. */
function Console() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderBalance />
      <button onClick={() => setOpen(true)}>Transactions</button>
      {open && <BalanceSummary query={{}} />}
    </>
  );
}

describe('BalanceSummary', () => {
  let stub: ReturnType<typeof stubApi>;
  let reads = 0;
  beforeAll(() => {
    stub = stubApi(({ path }) => {
      if (!path.endsWith('/balance')) return { status: 500, body: { code: 'error', detail: `unexpected ${path}` } };
      reads++;
      // between the two reads a campaign's three messages were delivered and charged in the background
      const balance = reads > 1 ? '24.94' : '25.00';
      return {
        status: 200,
        body: {
          company_uuid: null,
          reseller_uuid: null,
          balance,
          reserved: '0.00',
          available: balance,
          credit_limit: '0.00',
          low_balance_threshold: null,
          currency: 'USD',
          prepay: true,
        },
      };
    });
  });
  afterAll(() => stub.restore());

  it('reads the balance again when a screen opens, not the copy the header keeps, and the header follows', async () => {
    renderWithProviders(<Console />);
    await waitFor(() => expect(screen.getByTestId('header-available').textContent).toBe('USD 25.00'), {
      timeout: 20_000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Transactions' }));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('USD 24.94'), { timeout: 20_000 });
    expect(screen.getByTestId('header-available').textContent).toBe('USD 24.94');
    expect(reads).toBe(2);
  }, 60_000);
});
