import { act, screen } from '@testing-library/react';
import type { GatewayHealth } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { GatewayHealthPanel, HEALTH_POLL_MS } from './gateway-health';

const link = (over: Partial<GatewayHealth['links'][number]>) => ({
  smsc_id: 'carrier-a',
  state: 'online' as const,
  detail: 'online 12s',
  queued: 0,
  failed: 0,
  received: 3,
  sent: 40,
  rate_in: 0.5,
  rate_out: 812.4,
  ...over,
});
const kannel = (links: GatewayHealth['links']): GatewayHealth => ({
  gateway: 'kannel',
  reachable: true,
  message: 'Kannel bearerbox running, uptime 0d 0h 1m 2s',
  uptime: '0d 0h 1m 2s',
  queued: 4,
  links,
  checked_on: '2026-11-25T12:00:00Z',
});

describe('GatewayHealthPanel', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(90_000);
  let answers: [number, unknown][];
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      expect(path).toBe('/smsc_connection/status');
      const [status, body] = answers.length > 1 ? answers.shift()! : answers[0];
      return { status, body };
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => (api.calls.length = 0));

  it('shows each link with its state, queue and rates, and re-reads while open: a link that drops turns "connecting"', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      answers = [
        [
          200,
          kannel([
            link({}),
            link({ smsc_id: 'carrier-b', state: 'connecting', detail: 're-connecting', sent: 0, rate_out: 0 }),
          ]),
        ],
        [
          200,
          kannel([
            link({ state: 'connecting', detail: 're-connecting' }),
            link({ smsc_id: 'carrier-b', state: 'connecting', detail: 're-connecting' }),
          ]),
        ],
      ];
      const view = renderWithProviders(<GatewayHealthPanel />);
      expect(await screen.findByText('carrier-b')).toBeTruthy();
      expect(screen.getByText('812')).toBeTruthy();
      expect(screen.getByText(/Not bound: carrier-b \(re-connecting\)/)).toBeTruthy();
      expect(screen.getAllByText('online')).toHaveLength(1);
      await act(async () => {
        jest.advanceTimersByTime(HEALTH_POLL_MS + 10);
      });
      expect(await screen.findByText(/Not bound: carrier-a \(re-connecting\), carrier-b/)).toBeTruthy();
      expect(screen.queryAllByText('online')).toHaveLength(0);
      const before = api.calls.length;
      view.unmount();
      await act(async () => {
        jest.advanceTimersByTime(HEALTH_POLL_MS * 3);
      });
      expect(api.calls).toHaveLength(before);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when the gateway is unreachable, and shows the built-in simulator as what it is', async () => {
    answers = [
      [200, { ...kannel([]), reachable: false, message: "Kannel's admin interface did not answer: fetch failed" }],
    ];
    const a = renderWithProviders(<GatewayHealthPanel />);
    expect(await screen.findByText(/did not answer: fetch failed/)).toBeTruthy();
    a.unmount();
    answers = [
      [
        200,
        {
          ...kannel([link({ smsc_id: 'simulator', detail: 'in-process simulator' })]),
          gateway: 'simulator',
          message: 'The built-in SMSC simulator carries every message',
        },
      ],
    ];
    renderWithProviders(<GatewayHealthPanel />);
    expect(await screen.findByText('The built-in SMSC simulator carries every message')).toBeTruthy();
    expect(screen.getByText('in-process simulator')).toBeTruthy();
  });

  it("shows the server's error when the call fails", async () => {
    answers = [[403, { code: 'error', detail: 'Forbidden for your role' }]];
    renderWithProviders(<GatewayHealthPanel />);
    expect(await screen.findByText('Forbidden for your role')).toBeTruthy();
  });
});
