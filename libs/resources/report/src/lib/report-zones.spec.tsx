import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { ReportRow } from '@smsc/shared-contract';
import { setDisplayZone } from '@smsc/shared-util';
import { ReportView } from './report-view';
import { DashboardView } from './dashboard-view';

const row = (over: Partial<ReportRow>): ReportRow => ({
  time: null,
  messages: 0,
  delivered: 0,
  revenue: '0.00',
  ...over,
});

describe("reports in the account's zone (fetch answered like the server)", () => {
  // antd's first render under jsdom on a busy 2-core machine takes seconds
  jest.setTimeout(120_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path, query: q }) => {
      if (path.endsWith('/stat/report'))
        return {
          body: {
            // Kolkata's 1 November starts at 18:30Z on 31 October
            items: [row({ time: '2026-10-31T18:30:00.000Z', messages: 3, delivered: 3 })],
            total: 1,
            per_page: 10000,
            start_time: q.get('start_time'),
            end_time: q.get('end_time'),
            step: q.get('step'),
            group: [],
            totals: row({ messages: 3, delivered: 3 }),
            currency: 'USD',
            time_zone: 'Asia/Kolkata',
          },
        };
      if (path.endsWith('/dashboard'))
        return {
          body: {
            interval: '7 day',
            start_time: '2026-11-01T07:00:00.000Z',
            end_time: '2026-11-03T08:00:00.000Z',
            step: 'day',
            currency: 'USD',
            time_zone: 'America/Los_Angeles',
            totals: row({ messages: 4 }),
            series: [row({ time: '2026-11-02T08:00:00.000Z', messages: 4 })],
            top: [],
            networks: [],
          },
        };
      return undefined;
    });
  });
  afterAll(() => {
    api.restore();
    setDisplayZone(null);
  });

  it("asks for the zone's days, names the zone, and shows each bucket as that zone's day", async () => {
    setDisplayZone('Asia/Kolkata');
    renderWithProviders(
      <ReportView preset={{ name: 'traffic', groups: [], figures: ['messages', 'delivered'], step: 'day', days: 7 }} />,
      { route: '/?start=2026-11-01&end=2026-11-02&step=day' },
    );
    const table = await screen.findByRole(
      'table',
      { name: /Traffic from 2026-11-01 to 2026-11-02/ },
      { timeout: 30_000 },
    );
    const call = api.calls.find((c) => c.path.endsWith('/stat/report'));
    // from Kolkata's midnight of the 1st to the end of the 2nd
    expect(call?.query.get('start_time')).toBe('2026-10-31T18:30:00.000Z');
    expect(call?.query.get('end_time')).toBe('2026-11-02T18:30:00.000Z');
    expect(screen.getByTestId('report-zone').textContent).toBe('Days in Asia/Kolkata');
    expect(within(table).getByRole('columnheader', { name: 'Time (Asia/Kolkata)' })).toBeTruthy();
    await waitFor(() => expect(within(table).getByText('2026-11-01')).toBeTruthy());
    expect(within(table).queryByText('2026-10-31')).toBeNull();
    expect((await screen.findAllByTestId('chart-note', {}, { timeout: 30_000 }))[0].textContent).toBe(
      'Days and times in Asia/Kolkata',
    );
  });

  it("labels a dashboard with the zone the server counted in, its days that zone's (a 25-hour one included)", async () => {
    setDisplayZone('UTC');
    renderWithProviders(<DashboardView interval="7 day" leaders="company" />);
    const table = await screen.findByRole(
      'table',
      { name: 'Messages by day (America/Los_Angeles)' },
      { timeout: 30_000 },
    );
    expect(within(table).getByText('Time (America/Los_Angeles)')).toBeTruthy();
    // 1 November (25 hours there) and 2 November, the 2nd holding the row
    expect(within(table).getByText('2026-11-02')).toBeTruthy();
  });
});
