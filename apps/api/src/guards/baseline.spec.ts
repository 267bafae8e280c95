// The premium/unusual signal's history, refreshed by slices: what entered the history added, what left it taken
// away, and the same counts as a full read of the new range. PGlite in memory, or a schema of its own with
// DATABASE_URL.
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';
import { DEFAULT_THRESHOLDS, type PumpingThresholds } from './engine/pumping';
import { baselineOf, readBaseline, type BaselineCounts } from './baseline';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the premium/unusual history, read by slices', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let company: { company_uuid: string; reseller_uuid: null; product_uuid: null };
  const t: PumpingThresholds = { ...DEFAULT_THRESHOLDS, premiumPrefixes: ['+1900'] };
  const now = Date.now();
  /** `n` messages to `prefix`… at `at` (ms since the epoch); blocked ones are not history */
  const sent = (prefix: string, n: number, at: number, status = 'delivered') =>
    sql`insert into sms (company_uuid, ani, dnis, text, status, segments, price, created_on)
      select ${company.company_uuid}, '+12125552301', ${prefix} || lpad(i::text, 7, '0'), 'x', ${status}, 1, 12000,
        ${new Date(at)}
      from generate_series(1, ${n}) i`.execute(db);
  const counts = (c: BaselineCounts) => Object.fromEntries([...c.byDest].sort(([a], [b]) => a.localeCompare(b)));

  beforeAll(async () => {
    ({ db, close } = await scratchDb('baseline'));
    await migrate(db, ctx);
    const co = await sql<{ id: string }>`insert into companies (company_name) values ('Baseline Co')
      returning company_uuid::text as id`.execute(db);
    company = { company_uuid: co.rows[0].id, reseller_uuid: null, product_uuid: null };
    await sent('+1415', 40, now - 29.95 * DAY); // leaves the history within the next hours
    await sent('+1650', 30, now - 10 * DAY);
    await sent('+1900', 5, now - 5 * DAY); // a flagged (premium) prefix
    await sent('+1408', 7, now - 3 * DAY, 'blocked');
    await sent('+1212', 9, now - 60_000); // still in the window, not yet history
  }, 120_000);
  afterAll(() => close());

  it('adds what entered, takes away what left, and agrees with a full read', async () => {
    const first = await readBaseline(db, company, t, now);
    expect(first.read).toBe('full');
    expect(counts(first)).toEqual({
      '+1415': { n: 40, premium: 0 },
      '+1650': { n: 30, premium: 0 },
      '+1900': { n: 5, premium: 5 },
    });

    // two hours on: the old slice has left, the window's messages have entered, and more came meanwhile
    const later = now + 2 * HOUR;
    await sent('+1303', 4, now + HOUR);
    const sliced = await readBaseline(db, company, t, later, first);
    const full = await readBaseline(db, company, t, later);
    expect(sliced.read).toBe('slices');
    expect(full.read).toBe('full');
    expect(counts(sliced)).toEqual(counts(full));
    expect(counts(sliced)).toEqual({
      '+1212': { n: 9, premium: 0 },
      '+1303': { n: 4, premium: 0 },
      '+1650': { n: 30, premium: 0 },
      '+1900': { n: 5, premium: 5 },
    });
    expect(baselineOf(sliced)).toEqual({
      medianPartMicros: null,
      destinations: new Set(['+1212', '+1303', '+1650', '+1900']),
      messages: 48,
      premiumMessages: 5,
    });
  });

  it('reads the whole history again when the thresholds changed, time went back, or after six hours', async () => {
    const first = await readBaseline(db, company, t, now);
    const flagged = await readBaseline(db, company, { ...t, premiumPrefixes: ['+1650'] }, now + HOUR, first);
    expect(flagged.read).toBe('full');
    expect(flagged.byDest.get('+1650')).toEqual({ n: 30, premium: 30 });
    expect((await readBaseline(db, company, t, now - HOUR, first)).read).toBe('full');
    expect((await readBaseline(db, company, t, now + 7 * HOUR, first)).read).toBe('full');
    expect((await readBaseline(db, company, t, now + 5 * HOUR, first)).read).toBe('slices');
  });
});
