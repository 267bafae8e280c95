// The diff of a rate deck against the rates in effect: plain data in, plain data out (no database), so the
// rules of the three deck kinds are tested on their own (deck-diff.spec.ts).
import type { DeckKind, RateChangeKind } from '@smsc/shared-contract';
import { toMicros } from '../catalog';

/** A rate in effect, or a line of the file; `key` is `c<code>` or `n<mobile network>`. */
export interface DeckRate {
  code: string | null;
  mobile_network_uuid: string | null;
  country_name: string | null;
  price: string;
}
export interface DeckLine extends DeckRate {
  /** the line's own date, when the file gives one */
  effective_from: Date | null;
}
export interface DiffRow {
  code: string | null;
  mobile_network_uuid: string | null;
  country_name: string | null;
  change: RateChangeKind | 'unchanged';
  old_price: string | null;
  new_price: string | null;
  effective_from: Date | null;
}

export const rateKey = (r: { code: string | null; mobile_network_uuid: string | null }) =>
  r.code !== null ? `c${r.code}` : `n${r.mobile_network_uuid}`;

/**
 * Compares the file with the rates in effect. A line without a rate is added; a price up or down is
 * increased or decreased (compared in micro-units, so "0.01" equals "0.010000"). A rate the file does not
 * hold closes by the deck's kind: `az` closes every one, `country` those of the countries the file names
 * (a rate with no country is never inside one), `partial` none.
 */
export function diffDeck(current: DeckRate[], lines: DeckLine[], kind: DeckKind): DiffRow[] {
  const now = new Map(current.map((r) => [rateKey(r), r]));
  const inFile = new Set<string>();
  const countries = new Set<string>();
  const rows: DiffRow[] = [];
  for (const l of lines) {
    const key = rateKey(l);
    inFile.add(key);
    if (l.country_name) countries.add(l.country_name);
    const was = now.get(key);
    const row = { code: l.code, mobile_network_uuid: l.mobile_network_uuid, effective_from: l.effective_from };
    if (!was) {
      rows.push({ ...row, country_name: l.country_name, change: 'added', old_price: null, new_price: l.price });
      continue;
    }
    const before = toMicros(was.price);
    const after = toMicros(l.price);
    const change = after > before ? 'increased' : after < before ? 'decreased' : 'unchanged';
    rows.push({
      ...row,
      country_name: l.country_name ?? was.country_name,
      change,
      old_price: was.price,
      new_price: l.price,
    });
  }
  if (kind === 'partial') return rows;
  for (const [key, r] of now) {
    if (inFile.has(key)) continue;
    if (kind === 'country' && !(r.country_name && countries.has(r.country_name))) continue;
    rows.push({
      code: r.code,
      mobile_network_uuid: r.mobile_network_uuid,
      country_name: r.country_name,
      change: 'closed',
      old_price: r.price,
      new_price: null,
      effective_from: null,
    });
  }
  return rows;
}

export type ChangeCounts = Record<RateChangeKind | 'unchanged', number>;
export const noChanges = (): ChangeCounts => ({ added: 0, increased: 0, decreased: 0, closed: 0, unchanged: 0 });

export function countChanges(rows: { change: RateChangeKind | 'unchanged' }[]): ChangeCounts {
  const c = noChanges();
  for (const r of rows) c[r.change]++;
  return c;
}

/** The diff's counts per country (rows with none under "Unknown"), countries by name. */
export function byCountry(rows: { change: RateChangeKind | 'unchanged'; country_name: string | null }[]) {
  const out = new Map<string, ChangeCounts>();
  for (const r of rows) {
    const name = r.country_name ?? 'Unknown';
    let c = out.get(name);
    if (!c) out.set(name, (c = noChanges()));
    c[r.change]++;
  }
  return [...out].sort(([a], [b]) => a.localeCompare(b)).map(([country_name, counts]) => ({ country_name, ...counts }));
}
