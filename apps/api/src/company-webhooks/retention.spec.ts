// The retention sweep deletes finished events past the cut-off (with their attempts) and nothing else: pending
// events whatever their age, and recent finished ones, stay. PGlite in memory, or a schema of its own with
// DATABASE_URL.
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';
import { sweepFinished } from './retention';

describe('company webhook retention', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await scratchDb('whret'));
    await migrate(db, ctx);
  }, 120_000);
  afterAll(() => close());

  it('deletes finished events older than the cut-off with their attempts, in batches, and keeps the rest', async () => {
    const company = await sql<{ id: string }>`insert into companies (company_name) values ('Retention')
      returning company_uuid::text as id`.execute(db);
    const company_uuid = company.rows[0].id;
    const hook = await sql<{ id: string }>`insert into company_webhooks (company_uuid, url, events, secret)
      values (${company_uuid}, 'https://example.com/h', '{message.status}', 'whsec_x') returning webhook_uuid::text as id`.execute(
      db,
    );
    const webhook_uuid = hook.rows[0].id;
    // (label, state, age in days)
    const rows: [string, string, number][] = [
      ['old delivered 1', 'delivered', 40],
      ['old delivered 2', 'delivered', 35],
      ['old failed', 'failed', 31],
      ['old pending', 'pending', 45],
      ['recent delivered', 'delivered', 2],
      ['recent failed', 'failed', 29],
    ];
    const ids = new Map<string, string>();
    for (const [label, state, days] of rows) {
      const r = await sql<{
        id: string;
      }>`insert into webhook_messages (company_uuid, webhook_uuid, type, payload, state,
          attempts, occurred_on)
        values (${company_uuid}, ${webhook_uuid}, 'message.status', ${JSON.stringify({ label })}, ${state}, 1,
          now() - make_interval(days => ${days}))
        returning delivery_id::text as id`.execute(db);
      ids.set(label, r.rows[0].id);
      if (state === 'failed')
        await sql`insert into webhook_attempts (delivery_id, webhook_uuid, company_uuid, attempt, ok, error, duration_ms)
          values (${r.rows[0].id}, ${webhook_uuid}, ${company_uuid}, 1, false, 'timed out', 5000)`.execute(db);
    }
    const cutoff = new Date(Date.now() - 30 * 86_400_000);

    // two at a time: the oldest finished first, then the third, then nothing is left to take
    expect(await sweepFinished(db, cutoff, 2)).toBe(2);
    expect(await sweepFinished(db, cutoff, 2)).toBe(1);
    expect(await sweepFinished(db, cutoff, 2)).toBe(0);

    const left = await sql<{ label: string }>`select payload->>'label' as label from webhook_messages
      order by delivery_id`.execute(db);
    expect(left.rows.map((r) => r.label)).toEqual(['old pending', 'recent delivered', 'recent failed']);
    const attempts = await sql<{ id: string }>`select delivery_id::text as id from webhook_attempts`.execute(db);
    expect(attempts.rows).toEqual([{ id: ids.get('recent failed') }]);

    // batches (migration 228): done ones past the cut-off go, pending ones stay whatever their age
    for (const [label, state, days] of [
      ['old done', 'done', 40],
      ['old pending', 'pending', 45],
      ['recent done', 'done', 2],
    ])
      await sql`insert into webhook_batches (company_uuid, webhook_uuid, type, size, events, state, occurred_on)
        values (${company_uuid}, ${webhook_uuid}, 'message.status', 1, ${JSON.stringify([{ label }])}, ${state},
          now() - make_interval(days => ${days}))`.execute(db);
    expect(await sweepFinished(db, cutoff, 2)).toBe(1);
    expect(await sweepFinished(db, cutoff, 2)).toBe(0);
    const batches = await sql<{ label: string }>`select events->0->>'label' as label from webhook_batches
      order by batch_id`.execute(db);
    expect(batches.rows.map((r) => r.label)).toEqual(['old pending', 'recent done']);
  }, 60_000);
});
