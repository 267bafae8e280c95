import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { balanceOf } from '../billing';
import type { SmscSimulator } from './gateway/simulator';
import { messagingOf } from '.';

type Headers = Record<string, string>;
const SECRET = 'test-gateway-secret';

describe('SMS calls: send, deliver, logs, tenancy, idempotency, gateway endpoints', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string, globexCo: string;
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const sms = (headers: Headers, body: object, extra: Headers = {}) =>
    call('POST', '/sms', { ...headers, ...extra }, body);
  const acmeBalance = async () => balanceOf(t.app.db, { company_uuid: acmeCo });
  const count = async (table: 'sms' | 'ledger_entries' | 'ledger_reservations') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      messaging: { gatewaySecret: SECRET, simAutoDeliver: false, simFailureRate: 0 },
    });
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
    const co = async (name: string) =>
      (
        await t.app.db
          .selectFrom('companies')
          .select('company_uuid')
          .where('company_name', '=', name)
          .executeTakeFirstOrThrow()
      ).company_uuid;
    acmeCo = await co('Acme');
    globexCo = await co('Globex');
  }, 120_000);
  afterAll(async () => t.close());

  it('sends from a company number: 201 sent, the price held, then delivered and charged once', async () => {
    const before = await acmeBalance();
    const res = await sms(acme, { ani: '(212) 555-2301', dnis: '+1 415 555 0111', text: 'Hello from Acme' });
    expect(res.statusCode).toBe(201);
    const m = res.json().sms;
    // Reseller Standard prices +1 at 0.012 per part; cost is hidden from the company
    expect(m).toMatchObject({
      ani: '+12125552301',
      dnis: '+14155550111',
      status: 'sent',
      segments: 1,
      encoding: 'GSM-7',
      price: '0.012',
      cost: null,
      is_received: false,
      company_name: 'Acme',
      user_email: 'acme-admin@example.com',
      vendor_product_name: 'Route Co Standard',
    });
    const held = await acmeBalance();
    expect(held.balance).toBe(before.balance);
    expect(held.reserved).toBe(before.reserved + 12_000n);
    await sim().drain();
    const after = await acmeBalance();
    expect(after.balance).toBe(before.balance - 12_000n);
    expect(after.reserved).toBe(before.reserved);
    const got = (await call('GET', `/sms/${m.sms_uuid}`, acme)).json().sms;
    expect(got.status).toBe('delivered');
    expect(got.delivered_on).toEqual(expect.any(String));
    // the reseller sees its company's message with the vendor cost
    expect((await call('GET', `/sms/${m.sms_uuid}`, reseller)).json().sms.cost).toBe('0.006');
  });

  it('answers a 4xx naming the block reason, stores the blocked message and charges nothing', async () => {
    const entries = await count('ledger_entries');
    const holds = await count('ledger_reservations');
    const cases: [object, number, RegExp, string][] = [
      [{ ani: '+13125552401', dnis: '+14155550111', text: 'hi' }, 400, /bad_sender/, 'bad_sender'], // Globex's number
      [{ ani: '+12125552301', dnis: '+13125550187', text: 'hi' }, 422, /suppressed/, 'suppressed'], // texted STOP in the demo data
      [{ ani: '+12125552301', dnis: '+14155550111', text: 'please OPT OUT 3 now' }, 422, /filtered/, 'filtered'], // the demo reseller's filter
      [{ ani: '+12125552301', dnis: '+81312345678', text: 'hi Tokyo' }, 422, /no_price/, 'no_price'],
      [
        {
          ani: '+12125552301',
          dnis: '+14155550111',
          text: 'hi',
          sms_template_uuid: '00000000-0000-4000-8000-000000000001',
        },
        400,
        /bad_template/,
        'bad_template',
      ],
    ];
    for (const [body, status, msg, reason] of cases) {
      const res = await sms(acme, body);
      expect({ reason, status: res.statusCode }).toEqual({ reason, status });
      expect(res.json().detail).toMatch(msg);
      const logged = await t.app.db
        .selectFrom('sms')
        .select(['status', 'block_reason'])
        .where('company_uuid', '=', acmeCo)
        .orderBy('created_on', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(logged).toEqual({ status: 'blocked', block_reason: reason });
    }
    expect(await count('ledger_entries')).toBe(entries);
    expect(await count('ledger_reservations')).toBe(holds);
  });

  it('refuses bad input with 400 before anything is stored or charged', async () => {
    const rows = await count('sms');
    const entries = await count('ledger_entries');
    for (const body of [
      { ani: '+12125552301', dnis: '+14155550111', text: '' },
      { ani: '+12125552301', dnis: '+14155550111', text: 'x'.repeat(2000) },
      { ani: '+12125552301', dnis: 'not a number', text: 'hi' },
      { ani: '+12125552301', dnis: '+14155550111' },
      { ani: '+12125552301', dnis: '+14155550111', text: 'hi', price: '0' },
    ])
      expect((await sms(acme, body)).statusCode).toBe(400);
    expect(await count('sms')).toBe(rows);
    expect(await count('ledger_entries')).toBe(entries);
  });

  it('a retried request with the same Idempotency-Key sends once', async () => {
    const body = { ani: '+12125552301', dnis: '+14155550122', text: 'only once' };
    const key = { 'idempotency-key': 'send-once-1' };
    const [a, b] = await Promise.all([sms(acme, body, key), sms(acme, body, key)]);
    const c = await sms(acme, body, key);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a, b, c].map((r) => r.json().sms.sms_uuid)).size).toBe(1);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(
      await t.app.db.selectFrom('sms').select('sms_uuid').where('dnis', '=', '+14155550122').execute(),
    ).toHaveLength(1);
    // the same key for a different message is refused
    expect((await sms(acme, { ...body, text: 'something else' }, key)).statusCode).toBe(422);
  });

  it('an Idempotency-Key answers its first message for 24 hours, then sends anew', async () => {
    const body = { ani: '+12125552301', dnis: '+14155550124', text: 'once a day' };
    const key = { 'idempotency-key': 'send-daily-1' };
    const first = (await sms(acme, body, key)).json().sms.sms_uuid;
    const sent = () => t.app.db.selectFrom('sms').select('sms_uuid').where('dnis', '=', '+14155550124').execute();
    await sql`update sms_requests set created_on = now() - interval '23 hours' where idempotency_key = 'send-daily-1'`.execute(
      t.app.db,
    );
    expect((await sms(acme, body, key)).json().sms.sms_uuid).toBe(first);
    expect(await sent()).toHaveLength(1);
    await sql`update sms_requests set created_on = now() - interval '25 hours' where idempotency_key = 'send-daily-1'`.execute(
      t.app.db,
    );
    const later = await sms(acme, body, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().sms.sms_uuid).not.toBe(first);
    expect(await sent()).toHaveLength(2);
  });

  it('a scheduled send keeps its Idempotency-Key the same way', async () => {
    const body = {
      ani: '+12125552301',
      dnis: '+14155550123',
      text: 'later, once',
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const key = { 'idempotency-key': 'schedule-once-1' };
    const [a, b] = await Promise.all([sms(acme, body, key), sms(acme, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().sms.sms_uuid).toBe(b.json().sms.sms_uuid);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].sort()).toEqual(
      ['true', undefined].sort(),
    );
    expect(await t.app.db.selectFrom('sms').select('status').where('dnis', '=', '+14155550123').execute()).toEqual([
      { status: 'scheduled' },
    ]);
    expect((await sms(acme, { ...body, text: 'something else' }, key)).statusCode).toBe(422);
  });

  it('keeps tenants apart: Globex never sees or changes Acme messages or suppressions (404)', async () => {
    const sent = (await sms(acme, { ani: '+12125552301', dnis: '+14155550133', text: 'private' })).json().sms;
    expect((await call('GET', `/sms/${sent.sms_uuid}`, globex)).statusCode).toBe(404);
    expect((await call('PATCH', `/sms/${sent.sms_uuid}`, globex, { status: 'cancelled' })).statusCode).toBe(404);
    const listed = (await call('GET', '/sms/list?per_page=100', globex)).json();
    expect(listed.items.some((m: { company_uuid: string }) => m.company_uuid === acmeCo)).toBe(false);
    expect((await call('GET', `/sms/list?company_uuid=${acmeCo}`, globex)).json().total).toBe(0);
    // Globex cannot send for Acme, nor from Acme's numbers
    expect(
      (await sms(globex, { ani: '+12125552301', dnis: '+14155550111', text: 'x', company_uuid: acmeCo })).statusCode,
    ).toBe(403);
    expect((await sms(globex, { ani: '+12125552301', dnis: '+14155550111', text: 'x' })).statusCode).toBe(400);
    const supp = (await call('POST', '/suppressed_number', acme, { number: '+1 415 555 0199' })).json()
      .suppressed_number;
    expect(supp).toMatchObject({ number: '+14155550199', company_uuid: acmeCo, source: 'manual' });
    expect((await call('DELETE', `/suppressed_number/${supp.suppressed_number_uuid}`, globex)).statusCode).toBe(404);
    expect((await call('GET', '/suppressed_number/list?number=4155550199', globex)).json().total).toBe(0);
    expect((await call('GET', '/suppressed_number/list?number=4155550199', acme)).json().total).toBe(1);
    expect((await call('GET', '/suppressed_number/list?number=4155550199', reseller)).json().total).toBe(1);
    // a company user sees only its own messages; the reseller its companies'; the admin everything
    const mine = (await call('GET', '/sms/list?per_page=100', acmeUser)).json().items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((m: { user_email: string | null }) => m.user_email === 'acme-user@example.com')).toBe(true);
    expect((await call('GET', `/sms/${sent.sms_uuid}`, acmeUser)).statusCode).toBe(404);
    expect((await call('GET', `/sms/${sent.sms_uuid}`, reseller)).statusCode).toBe(200);
    expect((await call('GET', `/sms/list?company_uuid=${globexCo}`, reseller)).json().total).toBe(0);
    expect((await call('GET', `/sms/${sent.sms_uuid}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/suppressed_number/${supp.suppressed_number_uuid}`, acme)).statusCode).toBe(200);
  });

  it("refuses another company's recipient or template named in the body (404) and stores nothing", async () => {
    const globexRecipient = await t.app.db
      .insertInto('recipients')
      .values({ company_uuid: globexCo, recipient_name: 'Globex contact', number: '+13125550177' })
      .returning('recipient_uuid')
      .executeTakeFirstOrThrow();
    const before = await count('sms');
    const body = { ani: '+12125552301', dnis: '+14155550111', text: 'hi' };
    for (const who of [acme, acmeUser]) {
      const res = await sms(who, { ...body, recipient_uuid: globexRecipient.recipient_uuid });
      expect(res.statusCode).toBe(404);
    }
    // the admin may name any company, but not another company's recipient for it
    const res = await sms(admin, { ...body, company_uuid: acmeCo, recipient_uuid: globexRecipient.recipient_uuid });
    expect(res.statusCode).toBe(404);
    expect(await count('sms')).toBe(before);
    const own = await t.app.db
      .insertInto('recipients')
      .values({ company_uuid: acmeCo, recipient_name: 'Acme contact', number: '+13125550178' })
      .returning('recipient_uuid')
      .executeTakeFirstOrThrow();
    expect((await sms(acme, { ...body, recipient_uuid: own.recipient_uuid })).statusCode).toBe(201);
  });

  it('gateway endpoints: a wrong or missing secret is refused; DLRs move a message once; MO is stored for the number holder', async () => {
    const sent = (await sms(acme, { ani: '+12125552301', dnis: '+14155550144', text: 'dlr me' })).json().sms;
    const dlr = (q: string) => t.app.inject({ method: 'GET', url: api(`/gateway/dlr?${q}`) });
    expect((await dlr(`id=${sent.sms_uuid}&type=1`)).statusCode).toBe(401);
    expect((await dlr(`secret=wrong&id=${sent.sms_uuid}&type=1`)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: api(`/gateway/mo?secret=wrong&from=%2B14155550144&to=%2B12125552301&text=hi`),
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', `/sms/${sent.sms_uuid}`, acme)).json().sms.status).toBe('sent');
    const before = await acmeBalance();
    const first = await dlr(`secret=${SECRET}&id=${sent.sms_uuid}&type=2&error=001`);
    expect(first.json()).toMatchObject({ ok: true, status: 'undelivered', duplicate: false });
    // a late "delivered" after the failure, and a repeat, change nothing
    expect((await dlr(`secret=${SECRET}&id=${sent.sms_uuid}&type=1`)).json()).toMatchObject({
      duplicate: true,
      status: 'undelivered',
    });
    expect((await dlr(`secret=${SECRET}&id=${sent.sms_uuid}&type=2`)).json()).toMatchObject({ duplicate: true });
    const after = await acmeBalance();
    // undelivered: the hold is released, nothing charged
    expect(after.balance).toBe(before.balance);
    expect(after.reserved).toBe(before.reserved - 12_000n);
    expect((await dlr(`secret=${SECRET}&id=00000000-0000-4000-8000-000000000009&type=1`)).statusCode).toBe(404);
    await sim().drain();

    const mo = await t.app.inject({
      method: 'GET',
      url: api(
        `/gateway/mo?secret=${SECRET}&from=%2B14155550144&to=%2B12125552301&text=Sounds%20good&smsc=sim&id=mo-1`,
      ),
    });
    expect(mo.json()).toMatchObject({ ok: true, duplicate: false });
    const again = await t.app.inject({
      method: 'GET',
      url: api(
        `/gateway/mo?secret=${SECRET}&from=%2B14155550144&to=%2B12125552301&text=Sounds%20good&smsc=sim&id=mo-1`,
      ),
    });
    expect(again.json()).toMatchObject({ duplicate: true });
    const inbox = (await call('GET', '/log/mo_report?ani=*4155550144*', acme)).json();
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({
      is_received: true,
      status: 'received',
      text: 'Sounds good',
      dnis: '+12125552301',
      user_email: 'acme-user@example.com',
    });
    expect((await call('GET', '/log/mo_report?ani=*4155550144*', globex)).json().total).toBe(0);
  });

  it('STOP from a number blocks the next send to it and is confirmed; START lifts it', async () => {
    const inject = (text: string) => sim().injectMo({ from: '+14155550155', to: '+12125552302', text });
    expect((await sms(acme, { ani: '+12125552302', dnis: '+14155550155', text: 'before' })).statusCode).toBe(201);
    expect((await inject('Stop.')).statusCode).toBe(200);
    const blocked = await sms(acme, { ani: '+12125552302', dnis: '+14155550155', text: 'after' });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().detail).toMatch(/suppressed.*\+14155550155/);
    const reply = (await call('GET', '/log/report?dnis=*%2B14155550155*&sort=desc', acme)).json().items;
    expect(reply.map((m: { text: string }) => m.text)).toContain(
      'You have been unsubscribed and will receive no more messages from this number. Reply START to subscribe again.',
    );
    const listed = (await call('GET', '/suppressed_number/list?number=4155550155', acme)).json().items;
    expect(listed).toEqual([expect.objectContaining({ number: '+14155550155', source: 'stop' })]);
    await inject('unstop');
    expect((await sms(acme, { ani: '+12125552302', dnis: '+14155550155', text: 'welcome back' })).statusCode).toBe(201);
    await sim().drain();
  });

  it("answers STOP with the company's own confirmation text, set by its admin (GET/PUT /opt_out_reply)", async () => {
    const read = (await call('GET', '/opt_out_reply', acme)).json().opt_out_reply;
    expect(read).toMatchObject({
      company_uuid: acmeCo,
      stop_reply: null,
      default_stop_reply: expect.stringMatching(/unsubscribed/),
    });
    const put = (headers: Headers, body: object) =>
      t.app.inject({ method: 'PUT', url: api('/opt_out_reply'), headers, payload: body });
    const set = await put(acme, {
      stop_reply: '  Acme: you are unsubscribed. Text START to return.  ',
      start_reply: null,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().opt_out_reply).toMatchObject({
      stop_reply: 'Acme: you are unsubscribed. Text START to return.',
      start_reply: null,
    });
    // bad input and other tenants: refused, nothing written
    expect((await put(acme, { stop_reply: 'x'.repeat(321), start_reply: null })).statusCode).toBe(400);
    expect((await put(acme, { stop_reply: 'a\u0000b', start_reply: null })).statusCode).toBe(400);
    expect((await put(acme, { company_uuid: globexCo, stop_reply: 'hijack', start_reply: null })).statusCode).toBe(403);
    expect((await put(globex, { stop_reply: 'Globex says bye', start_reply: null })).statusCode).toBe(200);
    expect((await call('GET', `/opt_out_reply?company_uuid=${globexCo}`, admin)).json().opt_out_reply.stop_reply).toBe(
      'Globex says bye',
    );
    // Globex is a direct company: the reseller manages Acme only
    expect((await call('GET', `/opt_out_reply?company_uuid=${globexCo}`, reseller)).statusCode).toBe(404);
    expect(
      (await call('GET', `/opt_out_reply?company_uuid=${acmeCo}`, reseller)).json().opt_out_reply.stop_reply,
    ).toMatch(/^Acme: /);
    expect((await call('GET', '/opt_out_reply', admin)).statusCode).toBe(400);
    expect((await call('GET', '/opt_out_reply', acmeUser)).statusCode).toBe(403);
    await sim().injectMo({ from: '+14155550188', to: '+12125552302', text: 'STOP' });
    const replies = (await call('GET', '/log/report?dnis=*%2B14155550188*&sort=desc', acme))
      .json()
      .items.map((m: { text: string }) => m.text);
    expect(replies).toContain('Acme: you are unsubscribed. Text START to return.');
    await sim().drain();
  });

  it('lists newest first with filters, a capped total and a cursor', async () => {
    for (let i = 0; i < 12; i++)
      expect(
        (
          await sms(acme, {
            ani: '+12125552301',
            dnis: `+1415555${String(300 + i).padStart(4, '0')}`,
            text: `list ${i}`,
          })
        ).statusCode,
      ).toBe(201);
    const page = (await call('GET', '/sms/list?is_received=false&text=*list*', acme)).json();
    expect(page).toMatchObject({ total: 12, per_page: 10, total_capped: false });
    expect(page.items.map((m: { text: string }) => m.text).slice(0, 3)).toEqual(['list 11', 'list 10', 'list 9']);
    const next = (await call('GET', `/sms/list?is_received=false&text=*list*&cursor=${page.next_cursor}`, acme)).json();
    expect(next.items.map((m: { text: string }) => m.text)).toEqual(['list 1', 'list 0']);
    expect(next.next_cursor).toBeNull();
    const byOffset = (await call('GET', '/sms/list?is_received=false&text=*list*&page=1', acme)).json();
    expect(byOffset.items.map((m: { text: string }) => m.text)).toEqual(['list 1', 'list 0']);
    expect(
      (await call('GET', '/sms/list?dnis=*%2B14155550305*', acme)).json().items.map((m: { text: string }) => m.text),
    ).toEqual(['list 5']);
    const blocked = (await call('GET', '/sms/list?status=blocked&per_page=100', acme)).json().items;
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((m: { status: string }) => m.status === 'blocked')).toBe(true);
    expect(new Set(blocked.map((m: { sms_uuid: string }) => m.sms_uuid)).size).toBe(blocked.length);
    // a status of the other direction finds nothing
    expect((await call('GET', '/sms/list?status=received&is_received=false', acme)).json().total).toBe(0);
    expect((await call('GET', '/log/mo_report?status=received', acme)).json().total).toBeGreaterThan(0);
    expect((await call('GET', '/sms/list?cursor=garbage', acme)).statusCode).toBe(400);
    // both directions at once: one newest-first list, paged by cursor without gaps or repeats
    const all = (await call('GET', '/sms/list?per_page=1000', acme)).json().items as {
      sms_uuid: string;
      created_on: string;
      is_received: boolean;
    }[];
    expect(new Set(all.map((m) => m.is_received))).toEqual(new Set([true, false]));
    expect(all.map((m) => m.created_on)).toEqual([...all.map((m) => m.created_on)].sort().reverse());
    const walked: string[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const p = (await call('GET', `/sms/list?per_page=7${cursor ? `&cursor=${cursor}` : ''}`, acme)).json();
      walked.push(...p.items.map((m: { sms_uuid: string }) => m.sms_uuid));
      if (!p.next_cursor) break;
      cursor = p.next_cursor;
    }
    expect(walked).toEqual(all.map((m) => m.sms_uuid));
    const log = (await call('GET', '/log/report?sms_content=*list*&count=5&from=10', acme)).json();
    expect(log.items.map((m: { text: string }) => m.text)).toEqual(['list 1', 'list 0']);
    await sim().drain();
  });

  it('schedules a delayed send, lets it be changed or cancelled, and sends it when due', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const s = (await sms(acme, { ani: '+12125552301', dnis: '+14155550166', text: 'later', send_at: later })).json()
      .sms;
    expect(s.status).toBe('scheduled');
    const patched = await call('PATCH', `/sms/${s.sms_uuid}`, acme, { text: 'later, edited' });
    expect(patched.json().sms).toMatchObject({ text: 'later, edited', status: 'scheduled' });
    // its time comes: the timer's run sends it
    await t.app.db
      .updateTable('sms')
      .set({ send_at: new Date(Date.now() - 1000) })
      .where('sms_uuid', '=', s.sms_uuid)
      .execute();
    await messagingOf(t.app).messaging.scheduler.runDue();
    expect((await call('GET', `/sms/${s.sms_uuid}`, acme)).json().sms.status).toBe('sent');
    expect((await call('PATCH', `/sms/${s.sms_uuid}`, acme, { status: 'cancelled' })).statusCode).toBe(409);
    const c = (await sms(acme, { ani: '+12125552301', dnis: '+14155550167', text: 'never', send_at: later })).json()
      .sms;
    expect((await call('PATCH', `/sms/${c.sms_uuid}`, acme, { status: 'cancelled' })).json().sms.status).toBe(
      'cancelled',
    );
    await sim().drain();
  });

  it('runs the checks again when a scheduled message falls due: a STOP since then blocks it', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const s = (await sms(acme, { ani: '+12125552301', dnis: '+14155550177', text: 'see you', send_at: later })).json()
      .sms;
    expect(s.status).toBe('scheduled');
    expect(
      (await call('POST', '/gateway/simulator/mo', acme, { from: '+14155550177', to: '+12125552301', text: 'STOP' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/gateway/simulator/mo', admin, { from: '+14155550177', to: '+12125552301', text: 'STOP' }))
        .statusCode,
    ).toBe(200);
    await t.app.db
      .updateTable('sms')
      .set({ send_at: new Date(Date.now() - 1000) })
      .where('sms_uuid', '=', s.sms_uuid)
      .execute();
    const holds = await count('ledger_reservations');
    await messagingOf(t.app).messaging.scheduler.runDue();
    expect((await call('GET', `/sms/${s.sms_uuid}`, acme)).json().sms).toMatchObject({
      status: 'blocked',
      block_reason: 'suppressed',
    });
    // blocked at dispatch: no hold taken
    expect(await count('ledger_reservations')).toBe(holds);
    await sim().drain();
  });

  it('quotes the compose box: parts, encoding and price before sending', async () => {
    const q = (await call('POST', '/sms/quote', acme, { text: 'é'.repeat(10) + '😀', dnis: '+447400123456' })).json();
    expect(q).toMatchObject({ segments: 1, encoding: 'UCS-2', unit_price: '0.055', price: '0.055', reason: null });
    const long = (await call('POST', '/sms/quote', acme, { text: 'a'.repeat(161), dnis: '+14155550111' })).json();
    expect(long).toMatchObject({ segments: 2, encoding: 'GSM-7', price: '0.024', characters_left: 145 });
    expect((await call('POST', '/sms/quote', acme, { text: 'hi', dnis: '+81312345678' })).json().reason).toBe(
      'no_price',
    );
    // a number that texted STOP is flagged before Send
    const stopped = { text: 'hi', dnis: '+1 415 555 0193' };
    expect((await call('POST', '/sms/quote', acme, stopped)).json().reason).toBeNull();
    const stop = { from: '+14155550193', to: '+12125552301', text: 'STOP' };
    expect((await call('POST', '/gateway/simulator/mo', admin, stop)).statusCode).toBe(200);
    expect((await call('POST', '/sms/quote', acme, stopped)).json()).toMatchObject({
      reason: 'suppressed',
      price: null,
    });
  });
});
