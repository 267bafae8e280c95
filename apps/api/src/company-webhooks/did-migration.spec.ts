// Migration 510 on a database with DID webhooks of the old kind: each one on a number a company holds becomes a
// company webhook of that company, subscribed to message.received and scoped to the number, with its secret, URL,
// state and creation time; the sms trigger then gives it that number's incoming messages only, and a number
// that changes hands loses its webhooks. PGlite in memory, or a schema of its own with DATABASE_URL.
import { sql, type Kysely } from 'kysely';
import { migrate, migrationIds } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';

const ID = '510_did_webhooks_as_subscriptions';

describe('migration 510: DID webhooks become company webhooks scoped to their number', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await scratchDb('m510'));
  }, 60_000);
  afterAll(() => close());

  it('moves the rows of held numbers with their secrets, and scopes incoming-message events to the number', async () => {
    const ids = migrationIds();
    await migrate(db, ctx, ids[ids.indexOf(ID) - 1]);
    const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0];
    const { id: company_uuid } = await one(sql<{ id: string }>`insert into companies (company_name) values ('M510')
      returning company_uuid::text as id`);
    const { id: other_uuid } = await one(sql<{ id: string }>`insert into companies (company_name) values ('M510 other')
      returning company_uuid::text as id`);
    const did = (number: string, company: string | null) =>
      one(sql<{ id: string }>`insert into dids (did, is_toll_free, area_code, company_uuid)
        values (${number}, false, '212', ${company}::uuid) returning did_uuid::text as id`).then((r) => r.id);
    const held = await did('+12125550510', company_uuid);
    await did('+12125550511', company_uuid);
    const free = await did('+12125550512', null);
    const hook = (d: string, url: string, active: boolean) =>
      one(sql<{ id: string }>`insert into did_webhooks (did_uuid, url, secret, is_active, created_on)
        values (${d}, ${url}, ${`whsec_${url.slice(-4)}`}, ${active}, '2026-01-02T03:04:05Z')
        returning webhook_uuid::text as id`).then((r) => r.id);
    const kept = await hook(held, 'https://a.example/hook', true);
    const paused = await hook(held, 'https://b.example/hook', false);
    await hook(free, 'https://c.example/hook', true);
    await sql`insert into did_webhook_deliveries (webhook_uuid, attempt, ok, status_code)
      values (${kept}, 1, true, 200)`.execute(db);

    await migrate(db, ctx);

    const rows = await sql<Record<string, unknown>>`select webhook_uuid::text as id, company_uuid::text as company,
        did_uuid::text as did, url, events, secret, is_active, legacy_signature, batched, created_on
      from company_webhooks order by url`.execute(db);
    const common = { company: company_uuid, did: held, events: ['message.received'], legacy_signature: true };
    expect(rows.rows).toEqual([
      {
        ...common,
        id: kept,
        url: 'https://a.example/hook',
        secret: 'whsec_hook',
        is_active: true,
        batched: false,
        created_on: new Date('2026-01-02T03:04:05Z'),
      },
      {
        ...common,
        id: paused,
        url: 'https://b.example/hook',
        secret: 'whsec_hook',
        is_active: false,
        batched: false,
        created_on: new Date('2026-01-02T03:04:05Z'),
      },
    ]);
    const old = await sql<{ n: number }>`select count(*)::int as n from pg_tables
      where tablename in ('did_webhooks', 'did_webhook_deliveries') and schemaname = current_schema()`.execute(db);
    expect(old.rows[0].n).toBe(0);

    // an incoming message on the number reaches its active webhook; one on the company's other number does not
    await sql`insert into sms (company_uuid, is_received, ani, dnis, text, status, segments)
      values (${company_uuid}, true, '+13125550000', '+12125550510', 'to the hooked number', 'received', 1),
        (${company_uuid}, true, '+13125550000', '+12125550511', 'to the sibling', 'received', 1)`.execute(db);
    const events = await sql<{ webhook: string; type: string; texts: string[] }>`select webhook_uuid::text as webhook,
        type, array(select e ->> 'text' from jsonb_array_elements(events) e) as texts from webhook_batches`.execute(db);
    expect(events.rows).toEqual([{ webhook: kept, type: 'message.received', texts: ['to the hooked number'] }]);

    // the number changes hands: the old holder's endpoints no longer hear of it (any other change keeps them)
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from company_webhooks`.execute(db)).rows[0].n;
    await sql`update dids set description = 'the same holder' where did_uuid = ${held}`.execute(db);
    expect(await count()).toBe(2);
    await sql`update dids set company_uuid = ${other_uuid} where did_uuid = ${held}`.execute(db);
    expect(await count()).toBe(0);
  }, 120_000);
});
