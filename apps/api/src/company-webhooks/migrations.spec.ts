// Migration 226 on a database with deliveries logged the old way (every attempt a webhook_attempts row): each
// success moves onto its event, the failures stay, and the claim still takes due events oldest first. PGlite
// in memory, or a schema of its own with DATABASE_URL.
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';

describe('migration 226: a success on its event, failures in webhook_attempts', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await scratchDb('m226'));
  }, 60_000);
  afterAll(() => close());

  it('moves logged successes onto their events and keeps the failures', async () => {
    await migrate(db, ctx, '225_webhook_claim');
    const company = await sql<{ id: string }>`insert into companies (company_name) values ('M226')
      returning company_uuid::text as id`.execute(db);
    const company_uuid = company.rows[0].id;
    const hook = await sql<{ id: string }>`insert into company_webhooks (company_uuid, url, events, secret)
      values (${company_uuid}, 'https://example.com/h', '{message.status}', 'whsec_x') returning webhook_uuid::text as id`.execute(
      db,
    );
    const webhook_uuid = hook.rows[0].id;
    const events = await sql<{ id: string; state: string }>`insert into webhook_messages
      (company_uuid, webhook_uuid, type, payload, state, attempts)
      values (${company_uuid}, ${webhook_uuid}, 'message.status', '{}', 'delivered', 2),
        (${company_uuid}, ${webhook_uuid}, 'message.status', '{}', 'pending', 1)
      returning delivery_id::text as id, state`.execute(db);
    const [done, waiting] = events.rows.map((r) => r.id);
    await sql`insert into webhook_attempts (delivery_id, webhook_uuid, company_uuid, attempt, ok, status_code, error,
        duration_ms, created_on)
      values (${done}, ${webhook_uuid}, ${company_uuid}, 1, false, 503, 'The endpoint answered 503', 7, now() - interval '1 minute'),
        (${done}, ${webhook_uuid}, ${company_uuid}, 2, true, 204, null, 12, now() - interval '30 seconds'),
        (${waiting}, ${webhook_uuid}, ${company_uuid}, 1, false, null, 'timed out', 5000, now())`.execute(db);

    await migrate(db, ctx);

    const rows = await sql<{
      id: string;
      delivered: boolean;
      status_code: number | null;
      duration_ms: number | null;
    }>`select delivery_id::text as id, delivered_on is not null as delivered, status_code, duration_ms
      from webhook_messages order by delivery_id`.execute(db);
    expect(rows.rows).toEqual([
      { id: done, delivered: true, status_code: 204, duration_ms: 12 },
      { id: waiting, delivered: false, status_code: null, duration_ms: null },
    ]);
    const attempts = await sql<{ id: string; attempt: number; ok: boolean }>`select delivery_id::text as id, attempt, ok
      from webhook_attempts order by delivery_id, attempt`.execute(db);
    expect(attempts.rows).toEqual([
      { id: done, attempt: 1, ok: false },
      { id: waiting, attempt: 1, ok: false },
    ]);
    const claimed = await sql<{ id: string; attempts: number }>`select delivery_id::text as id, attempts
      from claim_webhook_messages(10, 60)`.execute(db);
    expect(claimed.rows).toEqual([{ id: waiting, attempts: 2 }]);
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from claim_webhook_messages(10, 60)`.execute(db)).rows[0].n,
    ).toBe(0);
  }, 120_000);
});

describe('migration 229: a batch event keeps its webhook-id', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await scratchDb('m229'));
  }, 60_000);
  afterAll(() => close());

  it('answers the ids 228 answered, and the planner inlines it', async () => {
    await migrate(db, ctx, '228_webhook_batches');
    const ids = () =>
      sql<{ id: string }>`select webhook_batch_message_id(k.key, i) as id
        from (values ('00000000-0000-4000-8000-000000000000'::uuid), ('6f1d2b3c-1111-4222-8333-444455556666'::uuid)) as k(key),
          generate_series(0, 11) as i order by k.key, i`
        .execute(db)
        .then((r) => r.rows.map((x) => x.id));
    const before = await ids();
    expect(new Set(before).size).toBe(24);
    expect(before[0]).toMatch(/^msg_[0-9a-f]{32}$/);

    await migrate(db, ctx);
    expect(await ids()).toEqual(before);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (verbose, costs off)
      select webhook_batch_message_id(gen_random_uuid(), i) from generate_series(0, 2) as i`.execute(db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('md5(');
    expect(text).not.toContain('webhook_batch_message_id');
  }, 120_000);
});
