// The margin a change set would have made on real traffic: each message of the window priced under the
// rates in effect and under the rates after the change, the difference times its parts, summed per
// product and reseller. Plain data in and out (deck-impact.spec.ts recomputes it by hand).
import { fromMicros, toMicros } from '../catalog';
import { rateKey, type DiffRow } from './deck-diff';

/** A deck as the engine reads it: per-part micro-units by key (`c<code>`, `n<mobile network>`). */
export type Book = Map<string, number>;

export const bookOf = (rates: { code: string | null; mobile_network_uuid: string | null; price: string }[]): Book =>
  new Map(rates.map((r) => [rateKey(r), toMicros(r.price)]));

/** The deck once the change applies: new and changed prices in, closed keys out. */
export function bookAfter(before: Book, rows: DiffRow[]): Book {
  const after = new Map(before);
  for (const r of rows) {
    if (r.change === 'closed') after.delete(rateKey(r));
    else if (r.new_price !== null) after.set(rateKey(r), toMicros(r.new_price));
  }
  return after;
}

/**
 * A number's per-part price in a book, as the rating engine finds it: its network's rate first when
 * `networkFirst` (vendor decks, mobile-network rate tables), else the longest code; null when none.
 */
export function priceIn(book: Book, digits: string, network: string | null, networkFirst: boolean): number | null {
  if (networkFirst && network) {
    const p = book.get(`n${network}`);
    if (p !== undefined) return p;
  }
  for (let n = digits.length; n > 0; n--) {
    const p = book.get(`c${digits.slice(0, n)}`);
    if (p !== undefined) return p;
  }
  return null;
}

/**
 * One message of the window. `side` is what the deck prices for it: the company's `price` (a rate table
 * its product uses), the `cost` (the vendor product that carried it) or the reseller's `wholesale` (a rate
 * table of the reseller's platform product). Amounts are the message's recorded totals in micro-units.
 */
export interface TrafficMessage {
  digits: string;
  network: string | null;
  segments: number;
  product_uuid: string | null;
  reseller_uuid: string | null;
  side: 'price' | 'cost' | 'wholesale';
  price: number;
  cost: number;
  wholesale: number;
}

export interface ImpactSum {
  product_uuid: string | null;
  reseller_uuid: string | null;
  messages: number;
  parts: number;
  margin_before: number;
  margin_change: number;
  unpriced: number;
}

/**
 * The impact per (product, reseller). The margin before is what the messages made: the price (for a
 * reseller's wholesale, what the reseller paid) less the cost. A message the deck does not price now is
 * not the deck's (left out); one it would no longer price (a closed code, nothing shorter) counts as
 * unpriced and adds nothing. The change is (after − before) × parts, with the sign of a margin: a cost
 * going up lowers it.
 */
export function marginImpact(
  messages: TrafficMessage[],
  before: Book,
  after: Book,
  networkFirst: boolean,
): ImpactSum[] {
  const groups = new Map<string, ImpactSum>();
  for (const m of messages) {
    const was = priceIn(before, m.digits, m.network, networkFirst);
    if (was === null) continue;
    const key = `${m.product_uuid}|${m.reseller_uuid}`;
    let g = groups.get(key);
    if (!g) {
      const blank = { messages: 0, parts: 0, margin_before: 0, margin_change: 0, unpriced: 0 };
      groups.set(key, (g = { product_uuid: m.product_uuid, reseller_uuid: m.reseller_uuid, ...blank }));
    }
    g.messages++;
    g.parts += m.segments;
    g.margin_before += (m.side === 'wholesale' ? m.wholesale : m.price) - m.cost;
    const now = priceIn(after, m.digits, m.network, networkFirst);
    if (now === null) {
      g.unpriced++;
      continue;
    }
    const delta = (now - was) * m.segments;
    g.margin_change += m.side === 'cost' ? -delta : delta;
  }
  return [...groups.values()];
}

export const impactAnswer = (g: ImpactSum) => ({
  margin_before: fromMicros(g.margin_before),
  margin_after: fromMicros(g.margin_before + g.margin_change),
  margin_change: fromMicros(g.margin_change),
});
