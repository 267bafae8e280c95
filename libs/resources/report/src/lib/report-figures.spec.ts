import type { ReportRow } from '@smsc/shared-contract';
import { chartSets, figureTitle, STATE_FIGURES } from './report-figures';

const totals = (cost: string | null) => ({ time: null, messages: 4, revenue: '0.048', cost }) as ReportRow;

describe('report figures', () => {
  it('never puts counts and money on one chart (one axis each)', () => {
    expect(chartSets(['messages', 'delivered', 'undelivered', 'failed', 'revenue'])).toEqual([
      ['messages', 'delivered', 'undelivered'],
      ['revenue'],
    ]);
    expect(chartSets(['messages', 'revenue', 'cost', 'margin'])).toEqual([['messages'], ['revenue', 'cost']]);
    expect(chartSets(['messages', 'revenue', 'margin'])).toEqual([['messages'], ['revenue', 'margin']]);
    expect(chartSets(['margin'])).toEqual([['margin']]);
    expect(chartSets(['messages', 'delivered'])).toEqual([['messages', 'delivered']]);
  });

  it("calls a customer's revenue its spend, and the platform's its revenue", () => {
    expect(figureTitle('revenue', totals(null))).toBe('Spend');
    expect(figureTitle('revenue', totals('0.030'))).toBe('Revenue');
    expect(figureTitle('messages', totals(null))).toBe('Messages');
    expect(figureTitle('revenue', undefined, true)).toBe('Spend');
  });

  it('lists blocked among the states messages add up from', () => {
    expect(STATE_FIGURES).toEqual(['delivered', 'undelivered', 'failed', 'pending', 'blocked']);
  });
});
