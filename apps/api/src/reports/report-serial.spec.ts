import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import type { Database } from '../db/schema';
import { reportQuery, type ReportArgs } from './queries';

// Migration 680: a report over every company calls report_serial() (parallel unsafe), so PostgreSQL plans it without
// parallel workers; a report of one company, or one read from the rollup by reseller, is left as it was.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const range = { start: new Date('2026-11-07T16:00:00Z'), end: new Date('2026-12-07T17:00:00Z') };
const args = (over: Partial<ReportArgs>): ReportArgs => ({
  scope: { all: true },
  range,
  step: 'total',
  zone: 'UTC',
  groups: ['company'],
  filters: {},
  showCost: true,
  ...over,
});
const serial = (a: ReportArgs) =>
  reportQuery(a, sql`sms`)
    .compile(db)
    .sql.includes('report_serial()');

describe('reports planned without parallel workers', () => {
  it('marks a report over every company, of the platform or of a reseller', () => {
    expect(serial(args({}))).toBe(true);
    expect(serial(args({ scope: { reseller_uuid: '00000000-0000-4000-8000-000000000001' } }))).toBe(true);
  });

  it('leaves a report of one company, and the admin by day (the rollup by reseller), unmarked', () => {
    expect(serial(args({ scope: { company_uuid: '00000000-0000-4000-8000-000000000002' } }))).toBe(false);
    expect(serial(args({ filters: { company_uuid: '00000000-0000-4000-8000-000000000002' } }))).toBe(false);
    expect(serial(args({ step: 'day', groups: [] }))).toBe(false);
  });
});
