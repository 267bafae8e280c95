// When a change set's rows take effect, and what a customer's notice carries: plain functions.
import type { RateChangeKind } from '@smsc/shared-contract';
import { csvText, type CsvField } from '@smsc/shared-util';

const DAY_MS = 86_400_000;

/** A change that makes a customer pay more (or lose a price) waits for the notice; the rest applies when asked. */
export const needsNotice = (change: RateChangeKind | 'unchanged') => change === 'increased' || change === 'closed';

/**
 * The date the increases (and closures) of a sell-price change take effect: the date asked, or the end of
 * the longest notice period among the customers it reaches when that is later. A rate is shared by every
 * customer on it, so the longest notice holds it back for all; no customer, no wait.
 */
export function increasesFrom(now: Date, asked: Date, noticeDays: number[]): Date {
  const longest = noticeDays.length ? Math.max(...noticeDays) : 0;
  return new Date(Math.max(asked.getTime(), now.getTime() + longest * DAY_MS));
}

/** A row's date: its own (from the file) or the set's, never before the increases' date when it needs notice. */
export function rowDate(
  row: { change: RateChangeKind | 'unchanged'; effective_from: Date | null },
  asked: Date,
  increases: Date,
): Date {
  const own = row.effective_from && row.effective_from > asked ? row.effective_from : asked;
  return needsNotice(row.change) && increases > own ? increases : own;
}

export interface NoticeRow {
  code: string | null;
  mobile_network_uuid: string | null;
  country_name: string | null;
  change: string;
  old_price: string | null;
  new_price: string | null;
  effective_from: Date;
}

const NOTICE_COLUMNS: CsvField[] = [
  { key: 'code', title: 'code' },
  { key: 'mobile_network_uuid', title: 'mobile_network_uuid' },
  { key: 'country_name', title: 'country' },
  { key: 'change', title: 'change' },
  { key: 'old_price', title: 'old_price', kind: 'number' },
  { key: 'new_price', title: 'new_price', kind: 'number' },
  { key: 'effective_from', title: 'effective_from', kind: 'datetime' },
];

/** The changed rows as the CSV a notice mail carries (and the console downloads). */
export const noticeCsv = (rows: NoticeRow[]) => csvText(NOTICE_COLUMNS, rows as unknown as Record<string, unknown>[]);
