import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { ReportRow } from '@smsc/shared-contract';
import { ReportView } from './report-view';
import { SYSTEM_ADMIN_REPORTS } from './report-routes';
import { chartSets, visibleFigures } from './report-figures';

// Issue 49 item 5: the system admin's margin reports carry what the number lookups cost, and margin is revenue less
// the vendor cost and the lookup cost; a company's report never shows it (the server sends none).
const row = (over: Partial<ReportRow>): ReportRow => ({ time: null, messages: 0, revenue: '0.00', ...over });

describe('reports: lookup cost', () => {
  jest.setTimeout(90_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path, query: q }) => {
      if (!path.endsWith('/stat/report')) return { status: 500, body: { code: 'error', detail: `unexpected ${path}` } };
      const figures = { messages: 10, revenue: '0.90', cost: '0.40', lookup_cost: '0.005', margin: '0.495' };
      const items =
        q.get('fields') === 'messages'
          ? [row({ company_uuid: 'c1', company_name: 'Globex', messages: 10 })]
          : [row({ company_name: 'Globex', vendor_name: 'Northwind', ...figures })];
      return {
        body: {
          items,
          total: items.length,
          per_page: 10000,
          start_time: q.get('start_time'),
          end_time: q.get('end_time'),
          step: q.get('step'),
          group: (q.get('group') ?? '').split(','),
          totals: row(figures),
          currency: 'USD',
        },
      };
    });
  });
  afterAll(() => api.restore());

  it("the admin's client and vendor report asks for the lookup cost and shows it beside cost and margin", async () => {
    const preset = Object.fromEntries(SYSTEM_ADMIN_REPORTS)['all-client-vendor'].preset;
    expect(preset.figures).toEqual(['messages', 'revenue', 'cost', 'lookup_cost', 'margin']);
    renderWithProviders(
      <Routes>
        <Route path="/r" element={<ReportView preset={preset} />} />
      </Routes>,
      { route: '/r?start=2026-11-01&end=2026-11-03' },
    );
    const table = await screen.findByRole('table', { name: /Company and Vendor/ }, { timeout: 30_000 });
    await waitFor(() => expect(within(table).getByText('Northwind')).toBeTruthy());
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(expect.arrayContaining(['Cost (USD)', 'Lookup cost (USD)', 'Margin (USD)']));
    expect(heads.indexOf('Lookup cost (USD)')).toBe(heads.indexOf('Cost (USD)') + 1);
    expect(within(table).getAllByText('0.005').length).toBeGreaterThanOrEqual(2);
    const main = api.calls.find((c) => c.query.get('group') === 'company,vendor');
    expect(main?.query.get('fields')).toBe('messages,revenue,cost,lookup_cost,margin');
  });

  it("leaves the lookup cost out of a company's report and draws it with the money", () => {
    const customer = row({ cost: null, lookup_cost: null, margin: null });
    expect(visibleFigures(['messages', 'revenue', 'cost', 'lookup_cost', 'margin'], customer)).toEqual([
      'messages',
      'revenue',
    ]);
    expect(chartSets(['messages', 'revenue', 'cost', 'lookup_cost', 'margin'])).toEqual([
      ['messages'],
      ['revenue', 'cost', 'lookup_cost'],
    ]);
  });
});
