// The db layer's answers that differ between the embedded database and PostgreSQL: the job queue's schema, and
// who vacuums a table that loses rows as fast as it gains them.
import { sql } from 'kysely';
import { scratchDb } from '../testing/scratch-db';
import { vacuumWhereNoAutovacuum } from './maintenance';
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

  it('vacuums on the embedded database only (PostgreSQL has its autovacuum)', async () => {
    const before = await vacuums();
    await vacuumWhereNoAutovacuum(s.db, ['report_deltas']);
    expect(await vacuums()).toBe(pgliteOf(s.db) ? before + 1 : before);
  });

  it("keeps pg-boss's tables beside a schema of the app's own on PostgreSQL, in pgboss otherwise", () => {
    expect(jobQueueSchema(s.db, undefined)).toBe('pgboss');
    expect(jobQueueSchema(s.db, 't_abc')).toBe(pgliteOf(s.db) ? 'pgboss' : 't_abc_jobs');
  });
});
