import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FailedJob, OperationsSnapshot } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { OperationsPage, OPERATIONS_POLL_MS } from './operations-page';

const snapshot = (over: Partial<OperationsSnapshot> = {}): OperationsSnapshot => ({
  checked_on: '2026-11-26T12:00:00Z',
  ready: {
    ok: true,
    parts: [
      { name: 'database', ok: true, detail: 'answers, 120 migrations applied' },
      { name: 'job queue', ok: true, detail: 'answers' },
      { name: 'gateway', ok: true, detail: 'kannel: 2 of 2 link(s) bound' },
    ],
  },
  http: {
    uptime_seconds: 60,
    requests: 1234,
    errors_5xx: 3,
    routes: [{ method: 'POST', route: '/api_smsc/v1/sms', requests: 900, errors_5xx: 3, p50_ms: 4.2, p95_ms: 18 }],
  },
  messages: [
    { state: 'delivered', count: 9876 },
    { state: 'queued', count: 42 },
  ],
  jobs: [{ queue: 'bulk-chunk', waiting: 17, active: 2, oldest_seconds: 12.5 }],
  receipt_latency: { count: 100, p50_seconds: 1.25, p95_seconds: 4.5 },
  links: [
    { link: 'carrier-a', state: 'online', per_second: 812.5, queued: 130, window: 500 },
    { link: 'carrier-b', state: 'connecting', per_second: 0, queued: 0, window: 500 },
  ],
  outbox: { pending: 5, failed: 0, oldest_seconds: 3 },
  webhooks: { failures_total: 8, failures_last_hour: 2 },
  ...over,
});

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

const job = (id: string, queue: string): FailedJob => ({
  id,
  queue,
  failed_on: '2026-12-06T03:00:00Z',
  attempts: 6,
  error: 'carrier answered 503',
  data: '{"bulk_uuid":"b-1"}',
});
let failed: FailedJob[] = [];
/** the Operations figures' own calls (the failed-jobs list polls beside them) */
const snapshotCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.path === '/operations');

describe('OperationsPage', () => {
  // the first render loads antd; at load it takes seconds
  jest.setTimeout(90_000);
  let answers: [number, unknown][];
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ method, path }) => {
      if (path === '/operations/failed_jobs') return { body: { items: failed, total: failed.length, per_page: 10 } };
      if (method === 'POST' && path.endsWith('/retry')) {
        failed = failed.filter((j) => !path.includes(j.id));
        return { body: { message: 'Job queued again' } };
      }
      if (method === 'DELETE' && path.startsWith('/operations/failed_jobs/')) {
        failed = failed.filter((j) => !path.includes(j.id));
        return { body: { message: 'Failed job discarded' } };
      }
      expect(path).toBe('/operations');
      const [status, body] = answers.length > 1 ? answers.shift()! : answers[0];
      return { status, body };
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    api.calls.length = 0;
    failed = [];
    setVisibility('visible');
  });

  it('draws readiness, messages, latency, links, queues and routes', async () => {
    answers = [[200, snapshot()]];
    renderWithProviders(<OperationsPage />);
    expect(await screen.findByText(/Ready: database answers, 120 migrations applied/)).toBeTruthy();
    expect(screen.getByText('Messages delivered')).toBeTruthy();
    expect(screen.getByText('9,876')).toBeTruthy();
    expect(screen.getByText('1.25 s')).toBeTruthy();
    expect(screen.getByText('812.5')).toBeTruthy();
    expect(screen.getByText('connecting')).toBeTruthy();
    expect(screen.getByText('bulk-chunk')).toBeTruthy();
    expect(screen.getByText('13 s')).toBeTruthy();
    expect(screen.getByText('/api_smsc/v1/sms')).toBeTruthy();
    expect(screen.getByText('18 ms')).toBeTruthy();
  });

  it('re-reads while shown, names a failing part, stops while the tab is hidden and reads at once when back', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const down = snapshot({
        ready: {
          ok: false,
          parts: [{ name: 'database', ok: false, detail: 'connect ECONNREFUSED 127.0.0.1:5432' }],
        },
      });
      answers = [
        [200, snapshot()],
        [200, down],
        [200, snapshot()],
      ];
      const view = renderWithProviders(<OperationsPage />);
      expect(await screen.findByText(/^Ready:/)).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(OPERATIONS_POLL_MS + 10);
      });
      expect(await screen.findByText('Not ready: database (connect ECONNREFUSED 127.0.0.1:5432)')).toBeTruthy();
      expect(snapshotCalls(api.calls)).toHaveLength(2);

      await act(async () => setVisibility('hidden'));
      expect(screen.getByText(/paused while the tab is hidden/)).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(OPERATIONS_POLL_MS * 4);
      });
      expect(snapshotCalls(api.calls)).toHaveLength(2);

      await act(async () => setVisibility('visible'));
      expect(await screen.findByText(/^Ready:/)).toBeTruthy();
      expect(snapshotCalls(api.calls)).toHaveLength(3);
      view.unmount();
      await act(async () => {
        jest.advanceTimersByTime(OPERATIONS_POLL_MS * 3);
      });
      expect(snapshotCalls(api.calls)).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the server's error when the call fails", async () => {
    answers = [[403, { code: 'error', detail: 'Forbidden for your role' }]];
    renderWithProviders(<OperationsPage />);
    expect(await screen.findByText('Forbidden for your role')).toBeTruthy();
  });

  it('lists failed jobs with their error; Retry queues one again and Discard, once confirmed, drops one', async () => {
    answers = [[200, snapshot()]];
    failed = [
      job('11111111-1111-4111-8111-111111111111', 'bulk-slice'),
      job('22222222-2222-4222-8222-222222222222', 'reminders'),
    ];
    const { store } = renderWithProviders(<OperationsPage />);
    expect(await screen.findByText('Failed jobs (2)', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('carrier answered 503')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Job of bulk-slice queued again'));
    expect(await screen.findByText('Failed jobs (1)')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.includes('11111111'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    // the confirmation's own Discard button
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Discard' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Discard' })[1]);
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Failed job of reminders discarded'));
    expect(await screen.findByText(/No failed jobs/)).toBeTruthy();
  });
});
