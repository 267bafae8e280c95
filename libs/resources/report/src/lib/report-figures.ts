// What a report shows, as plain data: its columns (groups, then figures), the labels of its rows,
// and the points a chart draws (every bucket of the range, empty ones as zero).
import type { ReportGroup, ReportRow, ReportStep } from '@smsc/shared-contract';

export type Figure =
  | 'messages'
  | 'segments'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'pending'
  | 'blocked'
  | 'received'
  | 'revenue'
  | 'cost'
  | 'lookup_cost'
  | 'margin'
  | 'platform_cost'
  | 'reseller_margin';
export const MONEY: Figure[] = ['revenue', 'cost', 'lookup_cost', 'margin', 'platform_cost', 'reseller_margin'];
export const FIGURE_TITLES: Record<Figure, string> = {
  messages: 'Messages',
  segments: 'Segments',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  pending: 'Pending',
  blocked: 'Blocked',
  received: 'Received',
  revenue: 'Revenue',
  cost: 'Cost',
  // what the number lookups of these messages cost (docs/number-lookup.md); margin is revenue less both costs
  lookup_cost: 'Lookup cost',
  margin: 'Margin',
  // the reseller's report: what it pays the platform for its companies' messages, and its revenue left after that
  platform_cost: 'Platform cost',
  reseller_margin: 'Your margin',
};

/**
 * A figure's title for whoever reads it: what a customer's messages cost it is its spend, what the platform
 * or a reseller takes in from them is revenue. A customer is told by the report: it carries no cost.
 */
export function figureTitle(f: Figure, totals: ReportRow | undefined, customer = isCustomerReport(totals)): string {
  return f === 'revenue' && customer ? 'Spend' : FIGURE_TITLES[f];
}
/** A company's own report: the server leaves the vendor cost out (null) for company roles. */
export const isCustomerReport = (totals: ReportRow | undefined) => !!totals && (totals.cost ?? null) === null;

/** The states a report's messages add up from: messages = delivered + undelivered + failed + pending + blocked. */
export const STATE_FIGURES: Figure[] = ['delivered', 'undelivered', 'failed', 'pending', 'blocked'];

/**
 * The charts of a report's figures: counts on one, money on another, never one axis for both (two
 * thousand messages and twenty-three dollars on one scale draw the money as a flat line). At most three
 * series a chart; margin is left out beside revenue and cost (it is their difference).
 */
export function chartSets(figures: Figure[]): Figure[][] {
  const counts = figures.filter((f) => !MONEY.includes(f)).slice(0, 3);
  const money = figures.filter((f) => MONEY.includes(f));
  const moneyShown = (money.includes('cost') ? money.filter((f) => f !== 'margin') : money).slice(0, 3);
  return [counts, moneyShown].filter((set) => set.length > 0);
}

/** The name shown for a row's group value (and which row key holds it). */
export const GROUP_LABEL: Record<ReportGroup, { title: string; key: keyof ReportRow }> = {
  company: { title: 'Company', key: 'company_name' },
  reseller: { title: 'Reseller', key: 'reseller_name' },
  user: { title: 'User', key: 'user_name' },
  vendor: { title: 'Vendor', key: 'vendor_name' },
  vendor_product: { title: 'Vendor product', key: 'vendor_product_name' },
  network: { title: 'Destination', key: 'destination' },
  number: { title: 'Number', key: 'number' },
  status: { title: 'Status', key: 'status' },
};

/** Figures a role may see: cost and margin only when the server sent them (system admin, reseller). */
export const visibleFigures = (figures: Figure[], totals: ReportRow | undefined) =>
  figures.filter((f) => !MONEY.includes(f) || f === 'revenue' || (totals?.[f] ?? null) !== null);

/**
 * Reports count by UTC hour, day, week and month (the server's rollups are cut there), so their days and
 * times are UTC and every report says so: its range, its chart and its table's time column.
 */
export const REPORT_ZONE_NOTE = 'Days and times in UTC';

export function timeLabel(iso: string | null, step: ReportStep): string {
  if (!iso) return 'Total';
  if (step === 'hour') return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  if (step === 'month') return iso.slice(0, 7);
  return iso.slice(0, 10);
}

/**
 * A bucket's short axis label: hours as "14:00", the first hour of a day as its day ("12-06"), days
 * and weeks as "12-06", months as "2026-12". The table and the tooltip keep the full label.
 */
export function timeTick(iso: string, step: ReportStep): string {
  if (step === 'hour') return iso.slice(11, 16) === '00:00' ? iso.slice(5, 10) : iso.slice(11, 16);
  if (step === 'month') return iso.slice(0, 7);
  return iso.slice(5, 10);
}

/** A row's group values joined ("Acme · Route Co"), '—' for an empty one. */
export const groupLabel = (row: ReportRow, groups: ReportGroup[]) =>
  groups.map((g) => String(row[GROUP_LABEL[g].key] ?? '—')).join(' · ') || 'All';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Bucket starts from start to end (UTC), as the server cuts them. */
export function bucketsOf(startIso: string, endIso: string, step: ReportStep): string[] {
  if (step === 'total') return [];
  const out: string[] = [];
  const end = Date.parse(endIso);
  let t = new Date(startIso);
  if (step === 'day' || step === 'week') t = new Date(Math.floor(t.getTime() / DAY) * DAY);
  if (step === 'week') t = new Date(t.getTime() - ((t.getUTCDay() + 6) % 7) * DAY);
  if (step === 'month') t = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
  while (t.getTime() < end && out.length < 2000) {
    out.push(t.toISOString());
    t =
      step === 'month'
        ? new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1))
        : new Date(t.getTime() + (step === 'hour' ? HOUR : step === 'day' ? DAY : 7 * DAY));
  }
  return out;
}

export interface ChartPoint {
  /** the point's full name (tooltip) */
  label: string;
  /** a shorter name for the axis, where the label is long (a time chart's) */
  tick?: string;
  [series: string]: string | number | undefined;
}

/**
 * Points for a time chart: one per bucket (zero where the report has no row), one series per figure.
 * Money is drawn as a number of currency units.
 */
export function timePoints(
  rows: ReportRow[],
  startIso: string,
  endIso: string,
  step: ReportStep,
  figures: Figure[],
): ChartPoint[] {
  const byTime = new Map<string, ReportRow[]>();
  for (const r of rows)
    if (r.time) byTime.set(new Date(r.time).toISOString(), [...(byTime.get(new Date(r.time).toISOString()) ?? []), r]);
  return bucketsOf(startIso, endIso, step).map((t) => {
    const point: ChartPoint = { label: timeLabel(t, step), tick: timeTick(t, step) };
    for (const f of figures) point[f] = (byTime.get(t) ?? []).reduce((sum, r) => sum + Number(r[f] ?? 0), 0);
    return point;
  });
}

/** Points for a bar chart by group (step total): the biggest `limit` groups by the first figure. */
export function groupPoints(rows: ReportRow[], groups: ReportGroup[], figures: Figure[], limit = 12): ChartPoint[] {
  return [...rows]
    .sort((a, b) => Number(b[figures[0]] ?? 0) - Number(a[figures[0]] ?? 0))
    .slice(0, limit)
    .map((r) => ({ label: groupLabel(r, groups), ...Object.fromEntries(figures.map((f) => [f, Number(r[f] ?? 0)])) }));
}
