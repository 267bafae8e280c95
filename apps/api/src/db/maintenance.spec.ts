// The db layer's answers that differ between the embedded database and PostgreSQL: the job queue's schema, and
// who vacuums a table that loses rows as fast as it gains them.
import { sql } from 'kysely';
import { scratchDb } from '../testing/scratch-db';
import { autovacuumRuns, vacuumWhereNoAutovacuum } from './maintenance';
import { jobQueueSchema } from './job-queue-backend';
import { pgliteOf } from './connect';

describe('db layer differences', () => {
  let s: Awaited<ReturnType<typeof scratchDb>>;
  beforeAll(async () => {
    s = await scratchDb('maint');
    await sql`create table report_deltas (id int)`.execute(s.db);
  });
  afterAll(() => s.close());

  const vacuums = async () =>
    (
      await sql<{ n: number }>`select vacuum_count::int as n from pg_stat_user_tables
        where relname = 'report_deltas' and schemaname = current_schema()`.execute(s.db)
    ).rows[0]?.n ?? 0;

  it('vacuums where no autovacuum runs: the embedded database, or a PostgreSQL with it switched off', async () => {
    const runs = await autovacuumRuns(s.db);
    if (pgliteOf(s.db)) expect(runs).toBe(false);
    else {
      const setting = (await sql<{ a: string }>`select current_setting('autovacuum') as a`.execute(s.db)).rows[0].a;
      expect(runs).toBe(setting === 'on');
    }
    const before = await vacuums();
    await vacuumWhereNoAutovacuum(s.db, ['report_deltas']);
    expect(await vacuums()).toBe(runs ? before : before + 1);
  });

  it("keeps pg-boss's tables beside a schema of the app's own on PostgreSQL, in pgboss otherwise", () => {
    expect(jobQueueSchema(s.db, undefined)).toBe('pgboss');
    expect(jobQueueSchema(s.db, 't_abc')).toBe(pgliteOf(s.db) ? 'pgboss' : 't_abc_jobs');
  });
});
