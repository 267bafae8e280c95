// Migration 301 on a database whose spend was kept in guard_spend: each company's last day and its month so far
// move onto its account row, and the guards read the same figures from there. PGlite in memory, or a schema of
// its own with DATABASE_URL.
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';
import { spendFigures } from './queries';
import { GuardService } from './service';
import { rideAccount } from '../billing';

describe('migration 301: spend on the account row', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await scratchDb('m301'));
  }, 60_000);
  afterAll(() => close());

  it('carries the last day and its month to the account, and a company without spend keeps none', async () => {
    await migrate(db, ctx, '300_pumping_signals');
    const made = await sql<{ id: string }>`insert into companies (company_name) values ('M301a'), ('M301b')
      returning company_uuid::text as id`.execute(db);
    const [spender, idle] = made.rows.map((r) => r.id);
    await sql`insert into billing_accounts (company_uuid) values (${spender}), (${idle})`.execute(db);
    await sql`insert into company_guards (company_uuid, daily_limit) values (${spender}, 1000000)`.execute(db);
    await sql`insert into guard_spend (company_uuid, day, spent)
      values (${spender}, '2026-10-31', 7), (${spender}, '2026-11-02', 11), (${spender}, '2026-11-27', 13)`.execute(db);

    await migrate(db, ctx);

    const rows = await sql<{ id: string; day: string | null; spent_day: string; spent_month: string }>`
      select company_uuid::text as id, spend_day::text as day, spent_day::text as spent_day, spent_month::text as spent_month
      from billing_accounts where company_uuid in (${spender}, ${idle}) order by company_uuid = ${idle}`.execute(db);
    expect(rows.rows).toEqual([
      { id: spender, day: '2026-11-27', spent_day: '13', spent_month: '24' },
      { id: idle, day: null, spent_day: '0', spent_month: '0' },
    ]);
    // read on that day, the figures the limits were checked against before
    const figures = await spendFigures(db, spender, new Date('2026-11-27T12:00:00Z'));
    expect(figures && { today: figures.today, month: figures.month }).toEqual({ today: '13', month: '24' });
    // a new day and month start at nothing
    const later = await spendFigures(db, spender, new Date('2026-12-01T00:00:00Z'));
    expect(later && { today: later.today, month: later.month }).toEqual({ today: '0', month: '0' });
  });

  it('a spend record outside a hold (a scheduled send) adds to the row it names', async () => {
    const made = await sql<{ id: string }>`insert into companies (company_name) values ('M301c')
      returning company_uuid::text as id`.execute(db);
    const company_uuid = made.rows[0].id;
    await sql`insert into billing_accounts (company_uuid) values (${company_uuid})`.execute(db);
    const guards = new GuardService(db, { warn: () => undefined, error: () => undefined } as never, true);
    for (const amount of [5n, 7n])
      await db.transaction().execute(async (trx) => {
        const ride = guards.spendRecord(company_uuid, amount);
        if (ride) await rideAccount(trx, { company_uuid }, ride);
      });
    const row = await sql<{ today: string; month: string; fresh: boolean }>`select spent_day::text as today,
      spent_month::text as month, spend_day = (now() at time zone 'utc')::date as fresh
      from billing_accounts where company_uuid = ${company_uuid}`.execute(db);
    expect(row.rows[0]).toEqual({ today: '12', month: '12', fresh: true });
  });
});
