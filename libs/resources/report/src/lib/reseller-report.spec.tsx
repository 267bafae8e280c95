import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import type { ReportRow } from '@smsc/shared-contract';
import { ResellerReport } from './reseller-report';

const row = (over: Partial<ReportRow>): ReportRow => ({
  time: null,
  messages: 0,
  delivered: 0,
  revenue: '0.00',
  cost: '0.00',
  margin: '0.00',
  ...over,
});

describe('reseller report (fetch answered like the server)', () => {
  // antd's first render under jsdom on a busy 2-core machine takes seconds
  jest.setTimeout(240_000);
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  const realCreate = URL.createObjectURL;
  const asked: URL[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  // what the reseller pays the platform (its wholesale product) beside what its companies pay it
  const totals = row({
    messages: 9,
    delivered: 8,
    revenue: '0.108',
    cost: '0.054',
    margin: '0.054',
    platform_cost: '0.063',
    reseller_margin: '0.045',
  });
  beforeAll(() => {
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init);
      }
    } as typeof Request;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof RealRequest ? input.url : new URL(String(input), 'http://localhost').href);
      asked.push(url);
      const q = url.searchParams;
      if (q.get('format') === 'csv')
        return new Response('Company,Messages\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      const page = {
        total: 2,
        per_page: 50,
        start_time: '2026-10-01T00:00:00.000Z',
        end_time: '2026-11-01T00:00:00.000Z',
        group: [],
        totals,
        currency: 'USD',
      };
      if (url.pathname.endsWith('/sms/reseller/report')) {
        return json({
          ...page,
          step: 'total',
          items: [
            row({
              company_name: 'Acme',
              messages: 7,
              delivered: 6,
              revenue: '0.084',
              cost: '0.042',
              margin: '0.042',
              platform_cost: '0.049',
              reseller_margin: '0.035',
            }),
            row({
              company_name: 'Initech',
              messages: 2,
              delivered: 2,
              revenue: '0.024',
              cost: '0.012',
              margin: '0.012',
              platform_cost: '0.014',
              reseller_margin: '0.010',
            }),
          ],
        });
      }
      if (url.pathname.endsWith('/sms/report')) {
        return json({
          ...page,
          step: 'day',
          items: [
            row({
              time: '2026-10-03T00:00:00.000Z',
              messages: 9,
              delivered: 8,
              revenue: '0.108',
              cost: '0.054',
              margin: '0.054',
            }),
          ],
        });
      }
      return json({ code: 'error', detail: `unexpected ${url.pathname}` });
    }) as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:csv');
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
    URL.createObjectURL = realCreate;
  });

  function Where() {
    return <output data-testid="where">{useLocation().search}</output>;
  }
  const render = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route
          path="/reseller/reporting"
          element={
            <>
              <ResellerReport />
              <Where />
            </>
          }
        />
      </Routes>,
      { route },
    );

  it('shows a month of its companies by company (chart and table with its platform cost), then by day, the month and view in the address', async () => {
    render('/reseller/reporting?month=2026-10&company=ac');
    const table = await screen.findByRole('table', { name: /Your companies, October 2026/ }, { timeout: 30_000 });
    await waitFor(() => expect(within(table).getByText('Initech')).toBeTruthy());
    expect(within(table).getByText('Total')).toBeTruthy();
    // its cost side: what it pays the platform for each company's messages and what is left of the revenue; the
    // vendors' cost and the margin over it are the platform's and not shown (one "margin" column, not two)
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Platform cost (USD)', 'Your margin (USD)']));
    expect(headers.filter((h) => /margin/i.test(h ?? ''))).toEqual(['Your margin (USD)']);
    expect(headers).not.toContain('Cost (USD)');
    const acme = within(table).getByText('Acme').closest('tr') as HTMLElement;
    const cells = within(acme)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    const col = (title: string) => headers.indexOf(title);
    expect(cells[col('Platform cost (USD)')]).toMatch(/^0\.049/);
    expect(cells[col('Your margin (USD)')]).toMatch(/^0\.035/);
    const first = asked.find((u) => u.pathname.endsWith('/sms/reseller/report'));
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      date_gte: '2026-10-01',
      date_lte: '2026-10-31',
      company_name: 'ac',
      group_by_company: 'true',
      page: '0',
      per_page: '50',
    });
    // the reseller's ~2,000 messages and ~23 USD no longer share one axis
    expect(screen.getAllByTestId('report-chart').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Messages by company, October 2026',
      'Revenue, Your margin by company, October 2026',
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'By day' }));
    const days = await screen.findByRole('table', { name: /Your companies by day, October 2026/ }, { timeout: 30_000 });
    await waitFor(() => expect(within(days).getByText('2026-10-03')).toBeTruthy());
    const daily = asked.find((u) => u.pathname.endsWith('/sms/report'));
    expect(Object.fromEntries(daily?.searchParams ?? [])).toEqual({
      date_gte: '2026-10-01',
      date_lte: '2026-10-31',
      company_name: 'ac',
      page: '0',
      per_page: '50',
    });
    expect(screen.getByTestId('where').textContent).toBe('?month=2026-10&company=ac&view=day');
  });

  it('exports the view on screen as the server streams it (format=csv, no paging)', async () => {
    render('/reseller/reporting?month=2026-10');
    await screen.findByRole('table', { name: /Your companies, October 2026/ }, { timeout: 30_000 });
    asked.length = 0;
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), { timeout: 30_000 });
    const csv = asked.find((u) => u.searchParams.get('format') === 'csv');
    expect(csv?.pathname).toMatch(/\/sms\/reseller\/report$/);
    expect(Object.fromEntries(csv?.searchParams ?? [])).toEqual({
      date_gte: '2026-10-01',
      date_lte: '2026-10-31',
      group_by_company: 'true',
      format: 'csv',
    });
  });
});
