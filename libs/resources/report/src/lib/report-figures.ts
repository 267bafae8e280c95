// What a report shows, as plain data: its columns (groups, then figures), the labels of its rows in the report's
// zone, and the points a chart draws (every bucket of the range, empty ones as zero).
import type { ReportGroup, ReportRow, ReportStep } from '@smsc/shared-contract';
import { formatDateTime, startOfZonedDay, zonedDay, zonedParts } from '@smsc/shared-util';

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
 * Reports count the days, weeks and months of the account's zone (the company's, or a system admin's or reseller's
 * own): the server says which in each answer (time_zone), and every report names it: its range, its chart and its
 * table's time column. Hours are the server's UTC hours, shown on the zone's clock.
 */
export const reportZoneNote = (zone: string) => `Days and times in ${zone}`;

/** A bucket's full label on the zone's clock: "2026-12-06 14:00" by hour, "2026-12-06" by day or week, "2026-12" by month. */
export function timeLabel(iso: string | null, step: ReportStep, zone: string): string {
  if (!iso) return 'Total';
  if (step === 'hour') return formatDateTime(iso, { zone });
  const day = zonedDay(new Date(iso), zone);
  return step === 'month' ? day.slice(0, 7) : day;
}

/**
 * A bucket's short axis label: hours as "14:00", the first hour of a day as its day ("12-06"), days
 * and weeks as "12-06", months as "2026-12". The table and the tooltip keep the full label.
 */
export function timeTick(iso: string, step: ReportStep, zone: string): string {
  const full = timeLabel(iso, step, zone);
  if (step === 'hour') return zonedParts(new Date(iso), zone).hour === 0 ? full.slice(5, 10) : full.slice(11, 16);
  if (step === 'month') return full;
  return full.slice(5, 10);
}

/** A row's group values joined ("Acme · Route Co"), '—' for an empty one. */
export const groupLabel = (row: ReportRow, groups: ReportGroup[]) =>
  groups.map((g) => String(row[GROUP_LABEL[g].key] ?? '—')).join(' · ') || 'All';

const HOUR = 3_600_000;
const nextDay = (day: string, n = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Bucket starts from start to end as the server cuts them: UTC hours by hour; else the zone's midnights of each day,
 * each Monday (weeks) or each 1st (months), from the one holding the start.
 */
export function bucketsOf(startIso: string, endIso: string, step: ReportStep, zone: string): string[] {
  if (step === 'total') return [];
  const out: string[] = [];
  const end = Date.parse(endIso);
  if (step === 'hour') {
    for (let t = Math.floor(Date.parse(startIso) / HOUR) * HOUR; t < end && out.length < 2000; t += HOUR)
      out.push(new Date(t).toISOString());
    return out;
  }
  let day = zonedDay(new Date(startIso), zone);
  if (step === 'week') day = nextDay(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (step === 'month') day = `${day.slice(0, 8)}01`;
  for (let t = startOfZonedDay(day, zone); t.getTime() < end && out.length < 2000; t = startOfZonedDay(day, zone)) {
    out.push(t.toISOString());
    day =
      step === 'month'
        ? new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1)).toISOString().slice(0, 10)
        : nextDay(day, step === 'week' ? 7 : 1);
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
  zone: string,
): ChartPoint[] {
  const byTime = new Map<string, ReportRow[]>();
  for (const r of rows)
    if (r.time) byTime.set(new Date(r.time).toISOString(), [...(byTime.get(new Date(r.time).toISOString()) ?? []), r]);
  return bucketsOf(startIso, endIso, step, zone).map((t) => {
    const point: ChartPoint = { label: timeLabel(t, step, zone), tick: timeTick(t, step, zone) };
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
