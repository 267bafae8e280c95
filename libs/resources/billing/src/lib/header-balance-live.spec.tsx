import { screen, waitFor } from '@testing-library/react';
import { startLiveEvents } from '@smsc/shared-api';
import { fakeLiveStreams, liveFrame, READY_FRAME, renderWithProviders, stubApi } from '@smsc/shared-testing';
import { HeaderBalance } from './header-balance';

// Issue 44: the header balance follows a change made elsewhere (another tab, the API, a receipt) through the
// stream's balance event, without a reload and without the in-flight poll (nothing is held here).
describe('HeaderBalance, live', () => {
  let stub: ReturnType<typeof stubApi>;
  let available = '6.20';
  beforeAll(() => {
    stub = stubApi(({ path }) =>
      path.endsWith('/balance')
        ? {
            body: {
              company_uuid: 'c',
              reseller_uuid: null,
              balance: available,
              reserved: '0.00',
              available,
              credit_limit: '0.00',
              low_balance_threshold: null,
              currency: 'USD',
              prepay: true,
            },
          }
        : undefined,
    );
  });
  afterAll(() => stub.restore());

  it('reads the balance again when the stream says it moved', async () => {
    const { store } = renderWithProviders(<HeaderBalance />);
    await waitFor(() => expect(screen.getByTestId('header-available').textContent).toBe('USD 6.20'), {
      timeout: 20_000,
    });
    const { streams, fetchImpl } = fakeLiveStreams();
    const stop = startLiveEvents({ token: 't', dispatch: store.dispatch, fetchImpl, foldMs: 10 });
    try {
      streams[0].push(READY_FRAME);
      available = '16.20';
      streams[0].push(liveFrame({ kind: 'balance', company_uuid: 'c' }));
      await waitFor(() => expect(screen.getByTestId('header-available').textContent).toBe('USD 16.20'), {
        timeout: 20_000,
      });
    } finally {
      stop();
    }
  }, 60_000);
});
