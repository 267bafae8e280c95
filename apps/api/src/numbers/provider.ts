// The inventory provider: where free numbers are found, ordered and given back. The built-in provider
// is the embedded default, so search and order work offline; a carrier's API can implement the same
// interface later (its order/disconnect would call out; the built-in ones have nothing to call).
import type { AvailableNumber } from '@smsc/shared-contract';
import { lataNpas, nanp, tollFreePrefixes, type NanpData } from './nanp';
import { parseNanp } from './phone';

export interface LocalSearch {
  npa?: string;
  state?: string;
  lata?: string;
  pattern?: string;
  count: number;
}
export interface TollFreeSearch {
  prefix?: string;
  pattern?: string;
  count: number;
}
/** Tells which of the given E.164 numbers are already held by someone (so they are not offered). */
export type TakenCheck = (e164: string[]) => Promise<Set<string>>;

export interface InventoryProvider {
  readonly name: string;
  searchLocal(q: LocalSearch, taken: TakenCheck): Promise<AvailableNumber[]>;
  searchTollFree(q: TollFreeSearch, taken: TakenCheck): Promise<AvailableNumber[]>;
  /** Confirms the provider can supply these numbers; throws naming the first it cannot. */
  order(e164: string[]): Promise<void>;
  disconnect(e164: string[]): Promise<void>;
  /** What the provider charges per month for a number, as a decimal string. */
  monthlyPrice(isTollFree: boolean): string;
}

/** Built-in prices (a flat provider price list, before any billing rules). */
export const BUILT_IN_PRICES = { local: '1.0000', tollFree: '2.0000' } as const;
/** How many candidates one search may look at before it answers with what it found. */
const SCAN_LIMIT = 400_000;

/**
 * A digit pattern on the 10-digit number: with `*` it matches the whole number (`212*` starts with 212,
 * `*0100` ends with 0100); without `*` the digits may appear anywhere.
 */
export function patternRegex(pattern: string | undefined): RegExp | null {
  const digits = pattern?.replace(/[^0-9*]/g, '');
  if (!digits || !/[0-9]/.test(digits)) return null;
  const body = digits.split('*').join('[0-9]*');
  return digits.includes('*') ? new RegExp(`^${body}$`) : new RegExp(body);
}

// NXX codes never handed out: N11 service codes and 555 (directory/fiction).
const usableNxx = (nxx: string) => /^[2-9][0-9]{2}$/.test(nxx) && nxx.slice(1) !== '11' && nxx !== '555';
const ALL_NXX = Array.from({ length: 800 }, (_, i) => String(i + 200)).filter(usableNxx);

/**
 * Candidate numbers, spread over exchanges and line numbers in a fixed order (a stride through
 * 0000-9999), so a search is repeatable and does not hand everyone 0000, 0001, ...
 */
function* candidates(npas: { npa: string; nxx: string[] }[]): Generator<string> {
  const lists = npas.map((n) => ({ npa: n.npa, nxx: (n.nxx.length ? n.nxx : ALL_NXX).filter(usableNxx) }));
  for (let round = 0; round < 10000; round++) {
    for (const { npa, nxx } of lists)
      for (const x of nxx) {
        // each exchange starts its stride at its own line number, so one page of results does not all
        // end in the same four digits; 7919 is prime to 10000, so every exchange still visits every line
        const start = (Number(npa) * 977 + Number(x) * 1237) % 10000;
        yield npa + x + String((start + round * 7919) % 10000).padStart(4, '0');
      }
  }
}

/** What the built-in provider's numbers can do: local lines text, picture messages and calls; toll-free no MMS. */
export const builtInCapabilities = (isTollFree: boolean) => ({ sms: true, mms: !isTollFree, voice: true });

/** Numbers one search answers at most, whatever count it is handed: the taken-check batch is sized by it. */
export const SEARCH_MAX = 100;

async function collect(
  gen: Generator<string>,
  pattern: RegExp | null,
  wanted: number,
  taken: TakenCheck,
  toItem: (national: string) => AvailableNumber | null,
) {
  const count = Number.isFinite(wanted) ? Math.min(Math.max(Math.trunc(wanted), 1), SEARCH_MAX) : SEARCH_MAX;
  const found: AvailableNumber[] = [];
  let batch: AvailableNumber[] = [];
  let scanned = 0;
  const flush = async () => {
    const held = await taken(batch.map((b) => b.did));
    for (const b of batch) if (!held.has(b.did) && found.length < count) found.push(b);
    batch = [];
  };
  for (const national of gen) {
    if (++scanned > SCAN_LIMIT) break;
    if (pattern && !pattern.test(national)) continue;
    const item = toItem(national);
    if (!item) continue;
    batch.push(item);
    if (batch.length >= count * 2) {
      await flush();
      if (found.length >= count) break;
    }
  }
  if (batch.length) await flush();
  return found;
}

export function builtInProvider(data: () => NanpData = nanp): InventoryProvider {
  const item = (national: string): AvailableNumber | null => {
    const n = parseNanp(national);
    if (!n) return null;
    const d = data();
    const info = d.npas.get(n.npa);
    return {
      did: n.e164,
      area_code: n.npa,
      is_toll_free: n.isTollFree,
      state: info?.state ?? null,
      place: d.places.get(national.slice(0, 6)) ?? info?.place ?? null,
      monthly_price: n.isTollFree ? BUILT_IN_PRICES.tollFree : BUILT_IN_PRICES.local,
      capabilities: builtInCapabilities(n.isTollFree),
    };
  };
  return {
    name: 'built-in',
    async searchLocal(q, taken) {
      const d = data();
      let npas = [...d.npas.values()];
      if (q.npa) npas = npas.filter((n) => n.npa === q.npa);
      if (q.state) npas = npas.filter((n) => n.state === q.state?.toUpperCase());
      if (q.lata) {
        const inLata = new Set(lataNpas(q.lata) ?? []);
        npas = npas.filter((n) => inLata.has(n.npa));
      }
      if (!npas.length) return [];
      return collect(candidates(npas), patternRegex(q.pattern), q.count, taken, item);
    },
    async searchTollFree(q, taken) {
      const prefixes = q.prefix ? [q.prefix] : [...tollFreePrefixes()];
      return collect(
        candidates(prefixes.map((npa) => ({ npa, nxx: [] }))),
        patternRegex(q.pattern),
        q.count,
        taken,
        item,
      );
    },
    async order(e164) {
      for (const number of e164) {
        const n = parseNanp(number);
        if (!n || (!n.isTollFree && !data().npas.has(n.npa)))
          throw new Error(`${number} is not in the built-in inventory`);
      }
    },
    async disconnect() {
      // The built-in inventory is every free NANP number: a number given back is free again once its row is gone.
    },
    monthlyPrice: (isTollFree) => (isTollFree ? BUILT_IN_PRICES.tollFree : BUILT_IN_PRICES.local),
  };
}
