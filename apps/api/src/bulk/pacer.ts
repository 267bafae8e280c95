// Sending at the route's throughput: a message goes through its vendor product's vendor, whose active
// SMSC connections declare how many messages a second they take (smsc_connections.throughput). The
// pacer spaces a process's hand-overs per vendor so they never exceed that sum; a vendor with no
// connection on record, or one without a figure, is not limited (the gateway takes what it gets).
// Each server process paces on its own: N processes sharing a bulk may reach N times the rate.
import type { Kysely } from 'kysely';
import { catalogRepository } from '../catalog';
import type { Database } from '../db/schema';

/** How long rates read from the catalog are trusted (an edited connection applies within this). */
const RATES_TTL_MS = 5000;

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
const realClock: PacerClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** Per vendor: the next instant a message may go. Pure bookkeeping, unit-tested apart from the database. */
export class Schedule {
  private next = new Map<string, number>();
  /** Books n messages at `rate` a second from now: answers when the first may go (ms from now). */
  book(vendor: string, n: number, rate: number, now: number): number {
    const start = Math.max(now, this.next.get(vendor) ?? now);
    this.next.set(vendor, start + (n * 1000) / rate);
    return start - now;
  }
}

export class Pacer {
  private rates: { at: number; byProduct: Map<string, { vendor: string; rate: number | null }> } | null = null;
  private readonly schedule = new Schedule();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: { burstMs: number; clock?: PacerClock } = { burstMs: 2000 },
  ) {}

  private async ratesNow() {
    const clock = this.opts.clock ?? realClock;
    if (this.rates && clock.now() - this.rates.at < RATES_TTL_MS) return this.rates.byProduct;
    const rows = await catalogRepository.vendorRates(this.db);
    this.rates = {
      at: clock.now(),
      byProduct: new Map(rows.map((r) => [r.vendor_product_uuid, { vendor: r.vendor_uuid, rate: r.rate }])),
    };
    return this.rates.byProduct;
  }

  /**
   * How many of these messages (by vendor product, in order) one hand-over may take: no more per
   * vendor than its rate allows within the burst (at least one), so a chunk never waits long enough
   * for its lease to run out.
   */
  async fit(products: (string | null)[]): Promise<number> {
    const rates = await this.ratesNow();
    const used = new Map<string, number>();
    for (const [i, p] of products.entries()) {
      const r = p ? rates.get(p) : undefined;
      if (!r || r.rate === null) continue;
      const n = (used.get(r.vendor) ?? 0) + 1;
      if (n > Math.max(1, Math.floor((r.rate * this.opts.burstMs) / 1000))) return Math.max(1, i);
      used.set(r.vendor, n);
    }
    return products.length;
  }

  /** Waits until these messages may go at their vendors' rates (books their slots first). */
  async take(products: (string | null)[]): Promise<void> {
    const rates = await this.ratesNow();
    const clock = this.opts.clock ?? realClock;
    const per = new Map<string, { n: number; rate: number }>();
    for (const p of products) {
      const r = p ? rates.get(p) : undefined;
      if (!r || r.rate === null) continue;
      per.set(r.vendor, { n: (per.get(r.vendor)?.n ?? 0) + 1, rate: r.rate });
    }
    const now = clock.now();
    let wait = 0;
    for (const [vendor, { n, rate }] of per) wait = Math.max(wait, this.schedule.book(vendor, n, rate, now));
    if (wait > 0) await clock.sleep(wait);
  }
}
