// The dispatcher's claim (migration 227): due events oldest first under one lease row, never an event another
// claim holds, every event again once its lease has run out; and the deletes that replaced the event rows'
// foreign keys. PGlite in memory, or a schema of its own with DATABASE_URL (the claims then run on
// connections of their own, at the same time).
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';

describe('claim_webhook_batch: leases instead of row locks', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let company_uuid = '';
  let webhook_uuid = '';
  beforeAll(async () => {
    ({ db, close } = await scratchDb('claim'));
    await migrate(db, ctx);
    company_uuid = (
      await sql<{ id: string }>`insert into companies (company_name) values ('Claims')
        returning company_uuid::text as id`.execute(db)
    ).rows[0].id;
    webhook_uuid = (
      await sql<{ id: string }>`insert into company_webhooks (company_uuid, url, events, secret)
        values (${company_uuid}, 'https://example.com/h', '{message.status}', 'whsec_x')
        returning webhook_uuid::text as id`.execute(db)
    ).rows[0].id;
  }, 60_000);
  afterAll(() => close());

  const claim = async (n: number, only: string | null = null) =>
    (
      await sql<{ lease: string; id: string; attempts: number; url: string }>`select lease_id::text as lease,
        delivery_id::text as id, attempts, url from claim_webhook_batch(${n}, 60, ${only}::bigint)`.execute(db)
    ).rows;
  const events = async (n: number) =>
    (
      await sql<{ id: string }>`insert into webhook_messages (company_uuid, webhook_uuid, type, payload)
        select ${company_uuid}, ${webhook_uuid}, 'message.status', '{}' from generate_series(1, ${n})
        returning delivery_id::text as id`.execute(db)
    ).rows.map((r) => r.id);

  it('hands each due event to one claim, oldest first, and again once its lease has run out', async () => {
    const ids = await events(30);
    const claims = await Promise.all([claim(10), claim(10), claim(10), claim(10)]);
    const got = claims.flat().map((r) => r.id);
    expect([...got].sort((a, b) => Number(a) - Number(b))).toEqual(ids);
    expect(claims.filter((c) => c.length).every((c) => new Set(c.map((r) => r.lease)).size === 1)).toBe(true);
    expect(claims.flat().every((r) => r.attempts === 1 && r.url === 'https://example.com/h')).toBe(true);
    expect(await claim(10)).toEqual([]);
    expect(await claim(1, ids[0])).toEqual([]);

    // a node that died: its lease runs out and its events are due again
    const lease = claims.find((c) => c.some((r) => r.id === ids[0]))?.[0].lease as string;
    await sql`update webhook_leases set until = now() - interval '1 second' where lease_id = ${lease}`.execute(db);
    const again = await claim(100);
    expect(again.map((r) => r.id)).toEqual(
      claims
        .flat()
        .filter((r) => r.lease === lease)
        .map((r) => r.id),
    );
    expect((await sql<{ n: number }>`select count(*)::int as n from webhook_leases`.execute(db)).rows[0].n).toBe(
      claims.filter((c) => c.length).length,
    );
  });

  it('claims one event by id, and deletes events with their webhook or their company', async () => {
    const [one] = await events(1);
    expect((await claim(1, one)).map((r) => r.id)).toEqual([one]);
    await sql`insert into webhook_messages (company_uuid, callback_url, type, payload)
      values (${company_uuid}, 'https://example.com/cb', 'message.status', '{}')`.execute(db);
    const count = async () =>
      (
        await sql<{ hooked: number; callbacks: number }>`select count(webhook_uuid)::int as hooked,
          count(callback_url)::int as callbacks from webhook_messages`.execute(db)
      ).rows[0];
    expect(await count()).toEqual({ hooked: 31, callbacks: 1 });
    const keys = await sql<{ n: number }>`select count(*)::int as n from pg_constraint
      where conrelid = 'webhook_messages'::regclass and contype = 'f'`.execute(db);
    expect(keys.rows[0].n).toBe(0);
    await sql`delete from company_webhooks where webhook_uuid = ${webhook_uuid}`.execute(db);
    expect(await count()).toEqual({ hooked: 0, callbacks: 1 });
    await sql`delete from companies where company_uuid = ${company_uuid}`.execute(db);
    expect(await count()).toEqual({ hooked: 0, callbacks: 0 });
  });
});
