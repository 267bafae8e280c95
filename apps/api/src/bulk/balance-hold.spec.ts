import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { balanceOf } from '../billing';
import { messagingOf, type SmscSimulator } from '../messaging';
import { bulkOf } from '.';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `+1415${String(3000000 + i).padStart(7, '0')}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a bulk larger than the balance: estimated first, held at the balance, resumed by a top-up', () => {
  let t: TestApp;
  let reseller: Headers, acme: Headers;
  let acmeCo: string;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const bulkRow = (id: string) =>
    t.app.db
      .selectFrom('bulks')
      .select(['status', 'hold_reason'])
      .where('bulk_uuid', '=', id)
      .executeTakeFirstOrThrow();
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`stuck at ${JSON.stringify(v)}`);
      await sleep(100);
    }
  };
  const messagesOf = async (id: string) =>
    (
      await sql<{ status: string; n: number }>`select status, count(*)::int as n from sms where bulk_uuid = ${id}
      group by status order by status`.execute(t.app.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'hold', simAutoDeliver: false, simFailureRate: 0 } });
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeCo = await companyNamed(t.app, 'Acme');
    // Acme's product prices +1 at 0.012 a part: 0.24 pays for twenty of the fifty messages
    await fundCompany(t.app, acmeCo, 240_000n, 'adjustment');
  }, 120_000);
  afterAll(async () => t.close());

  it('estimates parts, cost and what is available before anything is sent', async () => {
    const res = await call('POST', '/bulk/estimate', acme, {
      ani: ACME_ANI,
      text: 'Hello {name}',
      csv: `number,name\n${numbers(50)
        .map((n, i) => `${n},P${i}`)
        .join('\n')}\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 50,
      duplicates: 0,
      messages: 50,
      parts: 50,
      parts_per_message: 1,
      encoding: 'GSM-7',
      cost: '0.60',
      available: '0.24',
      currency: 'USD',
      covered: false,
      refused: [],
    });
    expect(await t.app.db.selectFrom('sms').select('sms_uuid').execute()).toEqual([]);
    // a refused number is counted with its reason, not in the cost
    const stopped = await call('POST', '/suppressed_number', acme, { number: '+14159990001' });
    expect(stopped.statusCode).toBe(201);
    const some = await call('POST', '/bulk/estimate', acme, {
      ani: ACME_ANI,
      text: 'x',
      numbers: ['+14159990001', '+14159990002', '+14159990003'],
    });
    expect(some.json()).toMatchObject({ messages: 2, cost: '0.024', covered: true });
    expect(some.json().refused).toMatchObject([{ reason: 'suppressed', count: 1 }]);
  });

  it('holds itself at the balance with nothing blocked, resumes after a payment, and charges each message once', async () => {
    const res = await call('POST', '/bulk', acme, { ani: ACME_ANI, text: 'Hello', numbers: numbers(50) });
    expect(res.statusCode).toBe(201);
    const id = res.json().bulk_uuid as string;
    await until(
      () => bulkRow(id),
      (b) => b.status === 'held',
    );
    expect(await bulkRow(id)).toEqual({ status: 'held', hold_reason: 'balance' });
    // the last chunk is handed over after its commit: on a loaded machine it may still be queued a moment
    await until(
      () => messagesOf(id),
      (m) => m.length === 1 && m[0].status === 'sent',
      20_000,
    );
    expect(await messagesOf(id)).toEqual([{ status: 'sent', n: 20 }]);
    const listed = (await call('GET', '/bulk/list', acme)).json();
    expect(listed.items.find((b: { bulk_uuid: string }) => b.bulk_uuid === id)).toMatchObject({
      status: 'held',
      hold_reason: 'balance',
      progress: { total: 50, sent: 20, left: 30 },
    });
    // still held a while later: no money came in, and nothing more was stored or blocked
    await sleep(1500);
    expect(await messagesOf(id)).toEqual([{ status: 'sent', n: 20 }]);

    // Acme is billed by its reseller, who enters the payment
    const paid = await call('POST', '/payment', reseller, { method: 'manual', amount: '1.00', company_uuid: acmeCo });
    expect(paid.statusCode).toBe(201);
    await until(
      () => bulkOf(t.app).progress(id),
      (p) => p.status === 'finished',
    );
    expect(await bulkRow(id)).toEqual({ status: 'finished', hold_reason: null });
    await (messagingOf(t.app).gateway as SmscSimulator).drain();
  }, 90_000);

  it('after delivery: one message per number, one charge per message, the balance is payments less charges', async () => {
    const id = (await t.app.db.selectFrom('bulks').select('bulk_uuid').executeTakeFirstOrThrow()).bulk_uuid;
    const figures = (
      await sql<{ recipients: number; messages: number; distinct_seq: number; blocked: number }>`select
      (select count(*)::int from bulk_recipients where bulk_uuid = ${id}) as recipients,
      (select count(*)::int from sms where bulk_uuid = ${id}) as messages,
      (select count(distinct bulk_seq)::int from sms where bulk_uuid = ${id}) as distinct_seq,
      (select count(*)::int from sms where bulk_uuid = ${id} and status = 'blocked') as blocked`.execute(t.app.db)
    ).rows[0];
    expect(figures).toEqual({ recipients: 50, messages: 50, distinct_seq: 50, blocked: 0 });
    const charges = (
      await sql<{ n: number; total: string }>`select count(*)::int as n, coalesce(sum(e.amount), 0)::text as total
      from ledger_entries e join sms s on e.cause_id = s.sms_uuid::text where s.bulk_uuid = ${id} and e.kind = 'sms_charge'`.execute(
        t.app.db,
      )
    ).rows[0];
    expect(charges).toEqual({ n: 50, total: '-600000' });
    expect(await balanceOf(t.app.db, { company_uuid: acmeCo })).toMatchObject({
      balance: 640_000n,
      reserved: 0n,
      available: 640_000n,
    });
  });

  it("shows each state once: a job's counts equal its report's filters, and blocked is not failed", async () => {
    // on the suppression list since the first test (added again when this one runs alone; a repeat is refused)
    await call('POST', '/suppressed_number', acme, { number: '+14159990001' });
    const res = await call('POST', '/bulk', acme, {
      ani: ACME_ANI,
      text: 'States',
      // the first is on the suppression list (blocked before sending)
      numbers: ['+14159990001', '+14159990002', '+14159990003'],
    });
    const id = res.json().bulk_uuid as string;
    const progress = await until(
      () => bulkOf(t.app).progress(id),
      (p) => p.status === 'finished',
    );
    const filtered = async (route_status: string) =>
      (await call('GET', `/bulk/${id}/report?route_status=${route_status}`, acme)).json().total as number;
    const byFilter = async () => ({
      left: (await filtered('pending')) + (await filtered('queued')),
      awaiting: await filtered('sent'),
      delivered: await filtered('delivered'),
      undelivered: await filtered('undelivered'),
      failed: await filtered('failed'),
      blocked: await filtered('blocked'),
      cancelled: await filtered('cancelled'),
    });
    // receipts not in yet: the finished job still awaits two of them (the list keeps polling while it does)
    expect(progress).toMatchObject({ total: 3, sent: 2, awaiting: 2, delivered: 0, failed: 0, blocked: 1, left: 0 });
    expect(await byFilter()).toEqual({
      left: progress.left,
      awaiting: progress.awaiting,
      delivered: progress.delivered,
      undelivered: progress.undelivered,
      failed: progress.failed,
      blocked: progress.blocked,
      cancelled: progress.cancelled,
    });
    await (messagingOf(t.app).gateway as SmscSimulator).drain();
    const after = await bulkOf(t.app).progress(id);
    expect(after).toMatchObject({ total: 3, sent: 2, awaiting: 0, delivered: 2, failed: 0, blocked: 1, left: 0 });
    const listed = (await call('GET', '/bulk/list', acme)).json();
    expect(listed.items.find((b: { bulk_uuid: string }) => b.bulk_uuid === id).progress).toEqual({
      ...after,
      status: 'finished',
    });
    expect(await byFilter()).toMatchObject({ awaiting: 0, delivered: 2, failed: 0, blocked: 1 });
  }, 60_000);
});
