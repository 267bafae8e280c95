// A reseller's prices as a markup over its cost: plain data in, plain data out (markup.spec.ts). Each cost
// line becomes a price of cost × (1 + percent/100), rounded up to the micro-unit so a markup never sells a
// hair under what was asked, and never less than cost + the minimum margin.
import type { MarkupRow } from '@smsc/shared-contract';
import { fromMicros, toMicros } from '../catalog';
import { rateKey, type DeckRate } from './deck-diff';

export interface MarkupAsk {
  percent: number;
  /** the least margin per part, in micro-units */
  minimumMicros: number;
}

export interface MarkupResult {
  rows: MarkupRow[];
  skipped: number;
  belowCostNow: number;
}

/** The price a cost sells at under the markup, in micro-units. */
export function markedUp(costMicros: number, ask: MarkupAsk): number {
  // percent in hundredths avoids 1.1 * 1000000 = 1100000.0000000002 rounding a price up by one micro
  const byPercent = Math.ceil((costMicros * Math.round(ask.percent * 100)) / 10_000 - 1e-9) + costMicros;
  return Math.max(byPercent, costMicros + ask.minimumMicros);
}

/**
 * Prices every cost line the table can hold (a prefix table holds codes only: a mobile network's cost is
 * skipped) and compares it with the table's current price. Rows come sorted by country, then code.
 */
export function markupRows(cost: DeckRate[], current: DeckRate[], ask: MarkupAsk, prefixOnly: boolean): MarkupResult {
  const now = new Map(current.map((r) => [rateKey(r), r]));
  const rows: MarkupRow[] = [];
  let skipped = 0;
  let belowCostNow = 0;
  for (const c of cost) {
    if (prefixOnly && c.code === null) {
      skipped++;
      continue;
    }
    const costMicros = toMicros(c.price);
    const price = markedUp(costMicros, ask);
    const was = now.get(rateKey(c));
    const wasMicros = was ? toMicros(was.price) : null;
    if (wasMicros !== null && wasMicros < costMicros) belowCostNow++;
    rows.push({
      code: c.code,
      mobile_network_uuid: c.mobile_network_uuid,
      country_name: c.country_name ?? was?.country_name ?? null,
      cost: fromMicros(costMicros),
      current_price: wasMicros === null ? null : fromMicros(wasMicros),
      new_price: fromMicros(price),
      margin: fromMicros(price - costMicros),
      margin_percent: price ? Math.round(((price - costMicros) / price) * 10_000) / 100 : 0,
      change:
        wasMicros === null ? 'added' : price > wasMicros ? 'increased' : price < wasMicros ? 'decreased' : 'unchanged',
    });
  }
  rows.sort(
    (a, b) =>
      (a.country_name ?? '~').localeCompare(b.country_name ?? '~') ||
      (a.code ?? '').localeCompare(b.code ?? '') ||
      (a.mobile_network_uuid ?? '').localeCompare(b.mobile_network_uuid ?? ''),
  );
  return { rows, skipped, belowCostNow };
}
