import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { multipart } from '../testing/multipart';
import { messagingOf, type SmscSimulator } from '../messaging';
import { bulkOf } from '.';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';
const numbers = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `+1415${String(2000000 + from + i).padStart(7, '0')}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('bulk calls: accept, send through the pipeline, run/hold, reports, tenancy', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const waitFor = async (id: string, done: (p: { status: string; left: number }) => boolean, ms = 60_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const p = await bulkOf(t.app).progress(id);
      if (done(p)) return p;
      if (Date.now() > until) throw new Error(`bulk ${id} stuck at ${JSON.stringify(p)}`);
      await sleep(200);
    }
  };
  const perRecipient = async (id: string) =>
    (
      await sql<{ recipients: number; messages: number; distinct_messages: number; charges: number }>`select
      (select count(*)::int from bulk_recipients where bulk_uuid = ${id}) as recipients,
      (select count(*)::int from sms s join bulk_recipients r on r.bulk_uuid = s.bulk_uuid and r.seq = s.bulk_seq where r.bulk_uuid = ${id}) as messages,
      (select count(distinct bulk_seq)::int from sms where bulk_uuid = ${id}) as distinct_messages,
      (select count(*)::int from ledger_entries e join sms s on e.cause_id = s.sms_uuid::text where s.bulk_uuid = ${id} and e.kind = 'sms_charge') as charges`.execute(
        t.app.db,
      )
    ).rows[0];

  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      messaging: { gatewaySecret: 'bulk', simAutoDeliver: false, simFailureRate: 0 },
    });
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
  }, 120_000);
  afterAll(async () => t.close());

  it('accepts pasted numbers at once, sends each once through the pipeline and reports every number delivered and charged once', async () => {
    const res = await call('POST', '/bulk', acme, {
      ani: '(212) 555-2301',
      text: 'Hello from the bulk',
      numbers: [...numbers(40), numbers(1)[0]],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 40, duplicates: 1, status: 'running' });
    const id = res.json().bulk_uuid;
    await waitFor(id, (p) => p.status === 'finished');
    await sim().drain();
    expect(await bulkOf(t.app).progress(id)).toEqual({
      total: 40,
      sent: 40,
      delivered: 40,
      failed: 0,
      left: 0,
      awaiting: 0,
      undelivered: 0,
      blocked: 0,
      cancelled: 0,
      status: 'finished',
    });
    expect(await perRecipient(id)).toEqual({ recipients: 40, messages: 40, distinct_messages: 40, charges: 40 });
    const report = await call('GET', `/bulk/${id}/report?per_page=10&page=3`, acme);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({
      total: 40,
      per_page: 10,
      bulk: { status: 'finished', progress: { delivered: 40 } },
    });
    expect(report.json().items.map((r: { seq: number }) => r.seq)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(report.json().items[0]).toMatchObject({
      route_status: 'delivered',
      number: numbers(40)[30],
      text: 'Hello from the bulk',
    });
    expect((await call('GET', `/bulk/${id}/report?route_status=pending`, acme)).json().total).toBe(0);
  }, 90_000);

  it('substitutes CSV columns per recipient and blocks a suppressed number with its reason', async () => {
    const csv = 'Number,name\n+14155550121,Ann\n+13125550187,Stopped\n';
    const res = await call('POST', '/bulk', acme, { ani: ACME_ANI, text: 'Hi {name}!', csv });
    expect(res.statusCode).toBe(201);
    const id = res.json().bulk_uuid;
    await waitFor(id, (p) => p.status === 'finished');
    const items = (await call('GET', `/bulk/${id}/report`, acme)).json().items;
    expect(items).toMatchObject([
      { number: '+14155550121', text: 'Hi Ann!', route_status: 'sent' },
      { number: '+13125550187', route_status: 'blocked', status_message: expect.stringMatching(/suppression list/) },
    ]);
    expect((await call('GET', `/bulk/${id}/report?route_status=blocked`, acme)).json().total).toBe(1);
  }, 60_000);

  it('answers 400 for bad input, naming the CSV line', async () => {
    const bad = async (body: object, pattern: RegExp) => {
      const r = await call('POST', '/bulk', acme, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toMatch(pattern);
    };
    await bad({ ani: ACME_ANI, text: 'x', numbers: [] }, /list of numbers is empty/);
    await bad(
      { ani: ACME_ANI, text: 'x', csv: 'name,number\nAnn,+14155550121\nBo,12x\n' },
      /^Line 3: "12x" is not a valid phone number/,
    );
    await bad({ ani: ACME_ANI, text: 'x {code}', csv: 'name,number\nAnn,+14155550121\n' }, /uses \{code\}/);
    await bad(
      { ani: '+13125552401', text: 'x', numbers: ['+14155550121'] },
      /not one of the company's sending numbers/,
    );
    await bad({ ani: ACME_ANI, text: '   ', numbers: ['+14155550121'] }, /^Text: write something other than spaces$/);
    await bad({ ani: ACME_ANI, text: 'x' }, /Give the numbers/);
    await bad(
      { ani: ACME_ANI, text: 'x', numbers: ['+14155550121'], send_at: 'soon' },
      /^Send at: enter a date and time$/,
    );
    const before = Number(
      (
        await t.app.db
          .selectFrom('bulks')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(before).toBe(2);
  });

  it('takes the delayed form as a file upload, on hold until run; every illegal move answers 409 with a reason', async () => {
    const form = multipart([
      { name: 'ani', value: ACME_ANI },
      { name: 'text', value: 'Delayed {name}' },
      {
        name: 'file',
        filename: 'people.csv',
        type: 'text/csv',
        value: `number,name\n${numbers(600, 1000)
          .map((n, i) => `${n},P${i}`)
          .join('\n')}\n`,
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: api('/bulk_sms_delayed'),
      headers: { ...acme, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 600, status: 'held' });
    const id = res.json().bulk_uuid;
    const listed = (await call('GET', '/bulk_sms/list', acme)).json();
    expect(listed.items.map((b: { bulk_uuid: string }) => b.bulk_uuid)).toContain(id);
    expect(listed.items.find((b: { bulk_uuid: string }) => b.bulk_uuid === id)).toMatchObject({
      file_name: 'people.csv',
      kind: 'delayed',
      progress: { total: 600, left: 600 },
    });
    const move = (verb: string, path = 'bulk_sms') => call('POST', `/${path}/${id}/${verb}`, acme);
    const refused = async (verb: string, message: RegExp) => {
      const r = await move(verb);
      expect(r.statusCode).toBe(409);
      expect(r.json().detail).toMatch(message);
    };
    await refused('hold', /already on hold/);
    expect((await move('run')).json()).toMatchObject({ status: 'running' });
    await refused('run', /already running/);
    expect((await move('hold')).json()).toMatchObject({ status: 'held' });
    // on hold nothing more goes out: the count stays put
    await sleep(1500);
    const held = await bulkOf(t.app).progress(id);
    await sleep(1500);
    expect(await bulkOf(t.app).progress(id)).toEqual(held);
    expect(held.left).toBeGreaterThan(0);
    expect((await move('run', 'bulk')).json()).toMatchObject({ status: 'running' });
    await waitFor(id, (p) => p.status === 'finished');
    await refused('run', /has finished/);
    await refused('hold', /has finished/);
    const rows = (await call('GET', `/bulk/${id}/report?per_page=1&page=599`, acme)).json();
    expect(rows.items[0]).toMatchObject({ seq: 600, text: 'Delayed P599', route_status: 'sent' });
    const once = await perRecipient(id);
    expect([once.recipients, once.messages, once.distinct_messages]).toEqual([600, 600, 600]);
    // stop is final
    const other = await bulkOf(t.app).create({
      company_uuid: held.status
        ? (
            await t.app.db
              .selectFrom('bulks')
              .select('company_uuid')
              .where('bulk_uuid', '=', id)
              .executeTakeFirstOrThrow()
          ).company_uuid
        : '',
      user_uuid: null,
      ani: ACME_ANI,
      text: 'x',
      recipients: [{ number: '+14155550122' }],
      send_at: new Date(Date.now() + 3600_000),
    });
    expect(other.status).toBe('scheduled');
    expect(await bulkOf(t.app).stop(other.bulk_uuid)).toBe('stopped');
    const r = await call('POST', `/bulk/${other.bulk_uuid}/run`, acme);
    expect([r.statusCode, r.json().detail]).toEqual([409, 'This bulk was stopped; it cannot run any more']);
    await expect(bulkOf(t.app).stop(other.bulk_uuid)).rejects.toThrow(/stopped/);
  }, 120_000);

  it('keeps each company to its own bulks (404 for another), resellers to their companies, the admin sees all', async () => {
    const mine = (await call('GET', '/bulk/list', acme)).json();
    expect(mine.total).toBeGreaterThanOrEqual(2);
    const id = mine.items[0].bulk_uuid;
    expect((await call('GET', '/bulk/list', acmeUser)).json().total).toBe(mine.total);
    expect((await call('GET', '/bulk/list', globex)).json().total).toBe(0);
    for (const [m, path] of [
      ['GET', 'report'],
      ['POST', 'run'],
      ['POST', 'hold'],
    ] as const) {
      expect((await call(m, `/bulk/${id}/${path}`, globex)).statusCode).toBe(404);
    }
    expect((await call('GET', `/bulk/${id}/report`, reseller)).statusCode).toBe(200);
    expect((await call('GET', `/bulk/${id}/report`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/bulk/list', admin)).json().total).toBe(mine.total);
    // a company admin cannot send for another company; the admin must name one
    expect(
      (
        await call('POST', '/bulk', acme, {
          ani: ACME_ANI,
          text: 'x',
          numbers: ['+14155550121'],
          company_uuid: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/bulk', admin, { ani: ACME_ANI, text: 'x', numbers: ['+14155550121'] })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/bulk_random/list', acme)).json().total).toBe(0);
    // with the campaigns domain merged, an id that is no ANI group of the company has no senders
    await expect(
      bulkOf(t.app).create({
        company_uuid: mine.items[0].company_uuid,
        user_uuid: null,
        ani_group_uuid: id,
        text: 'x',
        recipients: [{ number: '+14155550121' }],
      }),
    ).rejects.toThrow('The ANI group has no numbers to send from');
  });

  it('accepts 100,000 numbers without sending inline', async () => {
    const many = Array.from(
      { length: 100_000 },
      (_, i) =>
        `+1${['415', '650', '408', '510', '925'][i % 5]}${String(2000000 + Math.floor(i / 5)).padStart(7, '0')}`,
    );
    const started = Date.now();
    const res = await call('POST', '/bulk', acme, {
      ani: ACME_ANI,
      text: 'Big',
      numbers: many,
      send_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 100_000, status: 'scheduled' });
    expect((await bulkOf(t.app).progress(res.json().bulk_uuid)).left).toBe(100_000);
    // The goal is 2 s (bench:bulk measures it: 0.8–1.4 s on PostgreSQL); at load 15+ on the shared 2 cores PGlite took up to ~5 s.
    expect(took).toBeLessThan(10_000);
    // deleting a bulk deletes its numbers (no foreign key: a rule does it)
    await t.app.db.deleteFrom('bulks').where('bulk_uuid', '=', res.json().bulk_uuid).execute();
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('bulk_recipients')
            .select((e) => e.fn.countAll().as('n'))
            .where('bulk_uuid', '=', res.json().bulk_uuid)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  }, 60_000);

  it('stores each number once when two workers run one bulk at once and when a chunk is run again after a lost cursor', async () => {
    const res = await call('POST', '/bulk_sms_delayed', acme, {
      ani: ACME_ANI,
      text: 'Twice?',
      csv: `number\n${numbers(450, 5000).join('\n')}\n`,
    });
    const id = res.json().bulk_uuid;
    await t.app.db.updateTable('bulks').set({ status: 'running' }).where('bulk_uuid', '=', id).execute();
    // two workers (as two processes would) race over the same chunks
    await Promise.all([bulkOf(t.app).work(id), bulkOf(t.app).work(id)]);
    await waitFor(id, (p) => p.status === 'finished');
    await sim().drain();
    expect(await perRecipient(id)).toEqual({ recipients: 450, messages: 450, distinct_messages: 450, charges: 450 });
    // the cursor lost (a chunk run again, as after a crash between its commit and a cursor the database did not keep):
    // the stored numbers are skipped, nothing is stored or held again
    await t.app.db.updateTable('bulks').set({ status: 'running', cursor: 0 }).where('bulk_uuid', '=', id).execute();
    await bulkOf(t.app).work(id);
    await waitFor(id, (p) => p.status === 'finished');
    expect(await perRecipient(id)).toEqual({ recipients: 450, messages: 450, distinct_messages: 450, charges: 450 });
    const holds = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_reservations l join sms s on s.reservation_uuid = l.reservation_uuid where s.bulk_uuid = ${id}`.execute(
      t.app.db,
    );
    expect(holds.rows[0].n).toBe(450);
    expect(await bulkOf(t.app).progress(id)).toEqual({
      total: 450,
      sent: 450,
      delivered: 450,
      failed: 0,
      left: 0,
      awaiting: 0,
      undelivered: 0,
      blocked: 0,
      cancelled: 0,
      status: 'finished',
    });
  }, 90_000);
});
