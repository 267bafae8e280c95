import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { expectPickerRecovers, renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { ReportRow } from '@smsc/shared-contract';
import { bucketsOf, groupPoints, timePoints, visibleFigures } from './report-figures';
import { ReportView } from './report-view';
import { DashboardView } from './dashboard-view';
import { HomeSummary } from './home-summary';

const row = (over: Partial<ReportRow>): ReportRow => ({
  time: null,
  messages: 0,
  delivered: 0,
  revenue: '0.00',
  cost: '0.00',
  margin: '0.00',
  ...over,
});

describe('report figures', () => {
  it('draws every bucket of the range, zero where the report has no row', () => {
    const points = timePoints(
      [row({ time: '2026-11-02T00:00:00.000Z', messages: 5 })],
      '2026-11-01T00:00:00.000Z',
      '2026-11-04T00:00:00.000Z',
      'day',
      ['messages'],
      'UTC',
    );
    expect(points).toEqual([
      { label: '2026-11-01', tick: '11-01', messages: 0 },
      { label: '2026-11-02', tick: '11-02', messages: 5 },
      { label: '2026-11-03', tick: '11-03', messages: 0 },
    ]);
    expect(bucketsOf('2026-11-26T10:00:00.000Z', '2026-12-02T00:00:00.000Z', 'week', 'UTC')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
  });

  it("cuts buckets where the server does in the report's zone: its midnights, Mondays and 1sts", () => {
    // Los Angeles leaves daylight time on 1 November 2026: that day is 25 hours long
    expect(bucketsOf('2026-10-31T07:00:00.000Z', '2026-11-03T08:00:00.000Z', 'day', 'America/Los_Angeles')).toEqual([
      '2026-10-31T07:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ]);
    // Kolkata's weeks start at 18:30Z on Sundays (its Mondays' midnights), its months at 18:30Z before the 1st
    expect(bucketsOf('2026-11-26T10:00:00.000Z', '2026-12-02T00:00:00.000Z', 'week', 'Asia/Kolkata')).toEqual([
      '2026-11-22T18:30:00.000Z',
      '2026-11-29T18:30:00.000Z',
    ]);
    expect(bucketsOf('2026-11-15T00:00:00.000Z', '2027-01-01T00:00:00.000Z', 'month', 'Asia/Kolkata')).toEqual([
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:30:00.000Z',
      '2026-12-31T18:30:00.000Z',
    ]);
    // by hour the buckets stay the server's UTC hours, labelled on the zone's clock
    const hours = timePoints(
      [row({ time: '2026-11-01T18:00:00.000Z', messages: 2 })],
      '2026-11-01T18:00:00.000Z',
      '2026-11-01T20:00:00.000Z',
      'hour',
      ['messages'],
      'Asia/Kolkata',
    );
    expect(hours).toEqual([
      { label: '2026-11-01 23:30', tick: '23:30', messages: 2 },
      { label: '2026-11-02 00:30', tick: '11-02', messages: 0 },
    ]);
  });

  it('puts the biggest groups first and hides cost and margin when the server withholds them', () => {
    const rows = [row({ company_name: 'Small', messages: 1 }), row({ company_name: 'Big', messages: 9 })];
    expect(groupPoints(rows, ['company'], ['messages']).map((p) => p.label)).toEqual(['Big', 'Small']);
    expect(visibleFigures(['messages', 'revenue', 'cost', 'margin'], row({ cost: null, margin: null }))).toEqual([
      'messages',
      'revenue',
    ]);
  });
});

describe('report screens (fetch answered like the server)', () => {
  // antd's first render under jsdom on a busy 2-core machine takes seconds
  jest.setTimeout(90_000);
  let failDashboard = false;
  let failPicker = false;
  let api: ReturnType<typeof stubApi>;
  const json = (body: unknown, status = 200) => ({ status, body });
  beforeAll(() => {
    api = stubApi(({ path, query: q }) => {
      if (path.endsWith('/stat/report')) {
        if (failPicker && q.get('fields') === 'messages')
          return json({ code: 'error', detail: 'down for a moment' }, 503);
        const items =
          q.get('group') === 'company' && q.get('fields') === 'messages'
            ? [row({ company_uuid: 'c1', company_name: 'Acme', messages: 7 })]
            : [
                row({
                  time: q.get('start_time'),
                  company_name: 'Acme',
                  vendor_name: 'Route Co',
                  messages: 7,
                  delivered: 6,
                  revenue: '0.072',
                  cost: '0.036',
                  margin: '0.036',
                }),
              ];
        return json({
          items,
          total: items.length,
          per_page: 10000,
          start_time: q.get('start_time'),
          end_time: q.get('end_time'),
          step: q.get('step'),
          group: (q.get('group') ?? '').split(','),
          totals: row({ messages: 7, delivered: 6, revenue: '0.072', cost: '0.036', margin: '0.036' }),
          currency: 'USD',
        });
      }
      if (path.endsWith('/dashboard')) {
        if (failDashboard) return json({ code: 'error', detail: 'interval: at most 366 days' }, 400);
        return json({
          interval: '24 hour',
          start_time: '2026-11-24T14:00:00.000Z',
          end_time: '2026-11-25T14:00:00.000Z',
          step: 'hour',
          currency: 'USD',
          totals: row({ messages: 12, delivered: 10, revenue: '0.12', cost: null, margin: null }),
          series: [
            row({
              time: '2026-11-25T09:00:00.000Z',
              messages: 12,
              delivered: 10,
              revenue: '0.12',
              cost: null,
              margin: null,
            }),
          ],
          top: [row({ user_name: 'Ann Admin', messages: 12, revenue: '0.12', cost: null, margin: null })],
          networks: [
            row({
              network: 'AT&T',
              country: 'United States of America',
              destination: 'United States of America · AT&T',
              messages: 12,
            }),
          ],
        });
      }
      return json({ code: 'error', detail: `unexpected ${path}` }, 500);
    });
  });
  afterAll(() => api.restore());

  function Where() {
    const l = useLocation();
    return <output data-testid="where">{l.search}</output>;
  }

  it('asks for the range and step in the address, shows the rows with a total, and keeps a picked company in the address', async () => {
    renderWithProviders(
      <Routes>
        <Route
          path="/r"
          element={
            <>
              <ReportView
                preset={{
                  name: 'specific-clients',
                  groups: ['company', 'vendor'],
                  figures: ['messages', 'revenue', 'cost', 'margin'],
                  step: 'day',
                  days: 30,
                  pick: ['company'],
                }}
              />
              <Where />
            </>
          }
        />
      </Routes>,
      { route: '/r?start=2026-11-01&end=2026-11-03&step=total' },
    );
    const table = await screen.findByRole(
      'table',
      { name: /Company and Vendor from 2026-11-01 to 2026-11-03/ },
      { timeout: 20_000 },
    );
    await waitFor(() => expect(within(table).getByText('Route Co')).toBeTruthy());
    expect(within(table).getByText('Total')).toBeTruthy();
    expect(within(table).getAllByText('0.036').length).toBeGreaterThanOrEqual(2);
    const main = api.calls.find((c) => c.query.get('group') === 'company,vendor');
    expect(Object.fromEntries(main?.query ?? [])).toEqual({
      start_time: '2026-11-01T00:00:00.000Z',
      end_time: '2026-11-04T00:00:00.000Z',
      step: 'total',
      group: 'company,vendor',
      fields: 'messages,revenue,cost,margin',
    });
    // counts and money on charts of their own, never one axis for both
    expect(screen.getAllByTestId('report-chart').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Messages by group',
      'Revenue, Cost by group',
    ]);
    // the company picker lists the companies found in the range
    fireEvent.mouseDown(screen.getByLabelText('Company'));
    fireEvent.click(await screen.findByText('Acme', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('company_uuid=c1'));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.query.get('company_uuid') === 'c1' && c.query.get('group') === 'company,vendor'),
      ).toBe(true),
    );
  });

  it("says when the company picker's list could not be read, and reads it again on Try again", async () => {
    failPicker = true;
    renderWithProviders(
      <ReportView
        preset={{
          name: 'specific-clients',
          groups: ['company', 'vendor'],
          figures: ['messages', 'revenue'],
          step: 'day',
          days: 30,
          pick: ['company'],
        }}
      />,
      { route: '/?start=2026-11-01&end=2026-11-03&step=total' },
    );
    await expectPickerRecovers('Company', 'Acme', () => (failPicker = false));
  });

  it('shows the dashboard totals, its leaders and networks, and no cost to a company', async () => {
    renderWithProviders(<DashboardView interval="24 hour" leaders="user" />);
    expect(
      await screen.findByRole('table', { name: 'Users with the most messages' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Ann Admin')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Destination networks with the most messages' }).textContent).toContain(
      'United States of America · AT&T',
    );
    expect(screen.queryByText('Margin')).toBeNull();
    expect(screen.getByText('Delivered', { selector: '.ant-statistic-title' })).toBeTruthy();
    // blocked is its own figure, so messages add up from the cards; a company's revenue is its spend
    expect(screen.getByText('Blocked', { selector: '.ant-statistic-title' })).toBeTruthy();
    expect(screen.getByText('Spend', { selector: '.ant-statistic-title' })).toBeTruthy();
    expect(screen.queryByText('Revenue', { selector: '.ant-statistic-title' })).toBeNull();
  });

  it('shows a role home the last 24 hours in light figures and fetches the charts only when asked', async () => {
    renderWithProviders(<HomeSummary leaders="user" />);
    const table = await screen.findByRole('table', { name: 'Users with the most messages' }, { timeout: 20_000 });
    expect(within(table).getByText('Ann Admin')).toBeTruthy();
    expect(screen.getByTestId('home-dashboard').textContent).toContain('Messages12');
    expect(screen.queryByText('Margin')).toBeNull();
    expect(screen.queryByTestId('report-chart')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show charts' }));
    expect(await screen.findByTestId('report-chart', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('says what went wrong when the dashboard cannot be read', async () => {
    failDashboard = true;
    renderWithProviders(<DashboardView interval="forever" leaders="company" />);
    expect(await screen.findByText('interval: at most 366 days', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
