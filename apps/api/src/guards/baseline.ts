// The premium/unusual signal's history (docs/guards.md): a company's messages before the window, counted by
// destination, and kept so that a refresh reads only the slices that entered and left the range.
import { sql, type Kysely } from 'kysely';
import { catalogRepository } from '../catalog';
import { sentMessages } from '../messaging';
import type { Database } from '../db/schema';
import type { PumpingThresholds } from './engine/pumping';
import type { CompanyBaseline } from './engine/destination-share';

type Company = { company_uuid: string; product_uuid: string | null };

/** A full read of the history at least this often, whatever the slices say (rows swept by retention, clock steps). */
const FULL_READ_EVERY_MS = 6 * 3_600_000;

/**
 * A company's history counted by destination over [from, to): what a refresh adds the slice that entered to and
 * takes the slice that left from, instead of reading the whole 30 days again. `key` is what the counts depend
 * on besides the rows (the thresholds, the median); a different key means a full read.
 */
export interface BaselineCounts {
  from: number;
  to: number;
  key: string;
  medianPartMicros: number | null;
  byDest: Map<string, { n: number; premium: number }>;
  /** when the history was last read whole; `read`: how this state was made */
  fullAt: number;
  read: 'full' | 'slices';
}

/** The baseline the share signal judges by, from the counts. */
export function baselineOf(c: BaselineCounts): CompanyBaseline {
  let messages = 0;
  let premiumMessages = 0;
  const destinations = new Set<string>();
  for (const [dest, v] of c.byDest) {
    if (v.n <= 0) continue;
    destinations.add(dest);
    messages += v.n;
    premiumMessages += v.premium;
  }
  return { medianPartMicros: c.medianPartMicros, destinations, messages, premiumMessages };
}

/**
 * A company's history before the window (`now` − baselineDays to `now` − windowSeconds): its destinations and
 * how much went to premium ones. With `prev` (the same company's counts) and nothing they depend on changed,
 * only the slices between the two ranges are read: a 30-day history was a scan of every message of the month
 * every 10 minutes (118,764 rows, 200–310 ms of CPU on PGlite's one connection, docs/guards-cost.md).
 */
export async function readBaseline(
  db: Kysely<Database>,
  company: Company,
  t: PumpingThresholds,
  now = Date.now(),
  prev?: BaselineCounts,
): Promise<BaselineCounts> {
  const median = company.product_uuid ? await catalogRepository.medianPrice(db, company.product_uuid) : null;
  const flagged = t.premiumPrefixes.map((p) => `${p}%`);
  // a part at or above this price is premium (none without a median: only flagged prefixes are)
  const premiumMicros = median === null ? null : Math.ceil((median * t.premiumPricePercent) / 100);
  const key = JSON.stringify([median, t.premiumPricePercent, flagged, t.destinationDigits]);
  const from = now - t.baselineDays * 86_400_000;
  const to = now - t.windowSeconds * 1000;
  const premium = sql`(dnis like any(${flagged}::text[])
    or (${premiumMicros}::bigint is not null and price >= ${premiumMicros}::bigint * greatest(segments, 1)))`;
  const counted = (range: ReturnType<typeof sql>, sign: ReturnType<typeof sql>) =>
    sql<{ dest: string; n: number; premium: number }>`select left(dnis, ${1 + t.destinationDigits}) as dest,
        sum(${sign})::int as n, sum(case when ${premium} then ${sign} else 0 end)::int as premium
      from ${sentMessages(sql.val(company.company_uuid))} s where ${range}
      group by 1`.execute(db);
  const between = (a: number, b: number) => sql`(created_on >= ${new Date(a)} and created_on < ${new Date(b)})`;

  const slices =
    prev && prev.key === key && now - prev.fullAt < FULL_READ_EVERY_MS && from >= prev.from && to >= prev.to;
  if (prev && slices && from < prev.to) {
    // what entered the history counts +1, what left it −1
    const rows = await counted(
      sql`(${between(prev.to, to)} or ${between(prev.from, from)})`,
      sql`case when created_on >= ${new Date(prev.to)} then 1 else -1 end`,
    );
    const byDest = new Map(prev.byDest);
    for (const r of rows.rows) {
      const v = byDest.get(r.dest) ?? { n: 0, premium: 0 };
      const next = { n: v.n + r.n, premium: v.premium + r.premium };
      if (next.n <= 0) byDest.delete(r.dest);
      else byDest.set(r.dest, next);
    }
    return { from, to, key, medianPartMicros: median, byDest, fullAt: prev.fullAt, read: 'slices' };
  }
  const rows = await counted(between(from, to), sql`1`);
  const byDest = new Map(rows.rows.map((r) => [r.dest, { n: r.n, premium: r.premium }]));
  return { from, to, key, medianPartMicros: median, byDest, fullAt: now, read: 'full' };
}
