// Issue 52 item 5: export and erasure of one phone number. The last test scans every column of every table that
// can hold text after a platform-wide erasure: a domain that keeps numbers without a holder (privacy/holders.ts)
// fails it.
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { multipart } from '../testing/multipart';
import { startHookListener } from '../testing/hook-listener';
import { messagingOf } from '../messaging';

type H = Record<string, string>;
const PERSON = '+14155550466';
const DIGITS = PERSON.slice(1);
const ACME_ANI = '+12125552301';
const SECRET_TEXT = 'Maria your private code is QX7-PRIVACY';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('privacy requests: export and erase one phone number', () => {
  let t: TestApp;
  let listener: Awaited<ReturnType<typeof startHookListener>>;
  let admin: H, acme: H, globex: H, acmeUser: H;
  let acmeUuid: string, globexUuid: string;
  const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const exportOf = async (h: H, extra: object = {}) => {
    const res = await call('POST', '/privacy/export', h, { number: PERSON, reason: 'Asked by mail', ...extra });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    listener = await startHookListener(() => 204);
    t = await createTestApp({
      companyWebhooks: { allowPrivate: true, pollMs: 0, retryBaseSeconds: 0, maxAttempts: 1, timeoutMs: 2000 },
      messaging: { gatewaySecret: 'privacy', simFailureRate: 0 },
    });
    [admin, acme, globex, acmeUser] = await Promise.all(
      ['admin', 'acme-admin', 'globex-admin', 'acme-user'].map(async (u) =>
        bearer(await login(t.app, `${u}@example.com`)),
      ),
    );
    acmeUuid = await companyNamed(t.app, 'Acme');
    globexUuid = await companyNamed(t.app, 'Globex');
    await fundCompany(t.app, acmeUuid, 1_000_000n, 'adjustment');
    await fundCompany(t.app, globexUuid, 1_000_000n, 'adjustment');

    // what Acme holds about the person: a contact, a sent message (and its webhook body), a reply, a STOP,
    // a workflow, a bulk, an uploaded file
    const ok = async (p: Promise<{ statusCode: number; body: string }>, code = 201) => {
      const res = await p;
      expect([res.statusCode, res.body]).toEqual([code, expect.anything()]);
    };
    await ok(
      call('POST', '/webhook', acme, { url: `${listener.base}/hook`, events: ['message.status', 'message.received'] }),
    );
    await ok(call('POST', '/recipient', acme, { recipient_name: 'Maria Example', number: '(415) 555-0466' }));
    await ok(call('POST', '/sms', acme, { ani: ACME_ANI, dnis: PERSON, text: SECRET_TEXT }));
    await ok(
      call('POST', '/sms_workflow', acme, {
        name: 'Follow-up',
        ani: ACME_ANI,
        text: 'Thanks',
        numbers: [PERSON, '+14155550401'],
      }),
    );
    await ok(call('POST', '/bulk', acme, { ani: ACME_ANI, text: 'Hi {name}', csv: `number,name\n${PERSON},Maria\n` }));
    const form = multipart([
      { name: 'file', filename: 'contacts.csv', type: 'text/csv', value: `name,number\nMaria,${PERSON}\n` },
    ]);
    await ok(
      t.app.inject({ method: 'POST', url: api('/file'), headers: { ...acme, ...form.headers }, payload: form.payload }),
    );
    await messagingOf(t.app).messaging.inbound.receive({
      from: PERSON,
      to: ACME_ANI,
      text: 'Who is this? My flat is 4B',
    });
    await messagingOf(t.app).messaging.inbound.receive({ from: PERSON, to: ACME_ANI, text: 'STOP' });
    // Globex, another company, also messages the person
    const globexAni = (
      await t.app.db
        .selectFrom('dids')
        .select('did')
        .where('company_uuid', '=', globexUuid)
        .where('did_type', '=', 'ani')
        .executeTakeFirstOrThrow()
    ).did;
    await ok(call('POST', '/sms', globex, { ani: globexAni, dnis: PERSON, text: 'Globex says hello' }));
    // let the bulk send and the webhook bodies be written
    await sleep(1500);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await listener?.close();
  });

  it("exports what a company holds about the number, and only that company's", async () => {
    const doc = await exportOf(acme);
    expect(doc.number).toBe(PERSON);
    const texts = doc.sections.messages.map((m: { text: string }) => m.text);
    expect(texts).toEqual(expect.arrayContaining([SECRET_TEXT, 'Who is this? My flat is 4B', 'STOP', 'Hi Maria']));
    expect(texts).not.toContain('Globex says hello');
    expect(doc.sections.recipients).toHaveLength(1);
    expect(doc.sections.opt_outs).toMatchObject([{ source: 'stop' }]);
    expect(doc.sections.consent_events).toMatchObject([{ action: 'opt_out', text: 'STOP' }]);
    expect(doc.sections.workflows).toHaveLength(1);
    expect(doc.sections.bulk_recipients).toHaveLength(1);
    expect(doc.sections.files).toMatchObject([{ name: 'contacts.csv' }]);
    expect(doc.sections.webhook_deliveries.length).toBeGreaterThan(0);
    expect(doc.request).toMatchObject({ kind: 'export', number_hint: '•••466', company_name: 'Acme' });
    // the record keeps neither the number nor what was said
    const rec = await t.app.db.selectFrom('privacy_requests').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(rec)).not.toContain(DIGITS);
    // a company user may not; a company admin may not name another company
    expect((await call('POST', '/privacy/export', acmeUser, { number: PERSON, reason: 'x' })).statusCode).toBe(403);
    const other = await call('POST', '/privacy/export', acme, {
      number: PERSON,
      reason: 'x',
      company_uuid: globexUuid,
    });
    expect(other.statusCode).toBe(404);
    const bad = await call('POST', '/privacy/export', acme, { number: 'call me', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'number' })]);
  });

  it("erases the company's rows only, keeps the opt-out as a block, and refuses a platform number", async () => {
    expect(
      (await call('POST', '/privacy/erase', acme, { number: ACME_ANI, reason: 'x', block_future: false })).statusCode,
    ).toBe(409);
    const res = await call('POST', '/privacy/erase', acme, {
      number: '+1 (415) 555-0466',
      reason: 'Data subject request #12',
      block_future: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().counts).toMatchObject({
      messages: 5,
      recipients: 1,
      opt_outs: 1,
      workflows: 1,
      bulk_recipients: 1,
      files: 1,
    });
    // nothing of Acme's is left to export; Globex's message is untouched
    const after = await exportOf(acme);
    expect(Object.values(after.sections).flat()).toEqual([]);
    expect((await exportOf(globex)).sections.messages.map((m: { text: string }) => m.text)).toEqual([
      'Globex says hello',
    ]);
    // the rows kept for billing carry the token, not the number, and no body
    const kept = await t.app.db
      .selectFrom('sms')
      .select(['dnis', 'ani', 'text', 'price'])
      .where('company_uuid', '=', acmeUuid)
      .where((eb) => eb.or([eb('dnis', 'like', 'erased-%'), eb('ani', 'like', 'erased-%')]))
      .execute();
    expect(kept).toHaveLength(5);
    expect(new Set(kept.map((k) => k.text))).toEqual(new Set(['[erased]']));
    // the STOP still holds: a send to the number is blocked as suppressed, though its opt-out row is gone
    const again = await call('POST', '/sms', acme, { ani: ACME_ANI, dnis: PERSON, text: 'Back again' });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('suppressed');
    // listed for the company and the platform, with the counts
    const listed = (await call('GET', '/privacy/request/list?kind=erase', acme)).json();
    expect(listed.items).toMatchObject([{ kind: 'erase', reason: 'Data subject request #12', company_name: 'Acme' }]);
    expect((await call('GET', '/privacy/request/list?kind=erase', globex)).json().total).toBe(0);
  });

  it('a platform-wide erasure leaves the number and the bodies in no table at all', async () => {
    const res = await call('POST', '/privacy/erase', admin, {
      number: PERSON,
      reason: 'Regulator order',
      block_future: true,
    });
    expect(res.statusCode).toBe(201);
    // every text, JSON, array and binary column of every table in every schema the app uses
    const cols = await sql<{ s: string; t: string; c: string; type: string }>`
      select c.table_schema as s, c.table_name as t, c.column_name as c, c.data_type as type
      from information_schema.columns c join information_schema.tables tb
        on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema')
        -- on a shared PostgreSQL every test file has its schema (and its job queue's): this app's only
        and (${!process.env.DATABASE_URL} or c.table_schema = current_schema()
          or c.table_schema = current_schema() || '_jobs')
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea', 'ARRAY')`.execute(t.app.db);
    expect(cols.rows.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const col of cols.rows) {
      const ref = sql.id(col.s, col.t, col.c);
      const asText = col.type === 'bytea' ? sql`encode(${ref}, 'escape')` : sql`${ref}::text`;
      for (const needle of [DIGITS, 'QX7-PRIVACY', 'My flat is 4B']) {
        const hit = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.id(col.s, col.t)} where ${asText} like ${`%${needle}%`}`.execute(
          t.app.db,
        );
        if (hit.rows[0].n) found.push(`${col.s}.${col.t}.${col.c} holds ${needle} (${hit.rows[0].n})`);
      }
    }
    expect(found).toEqual([]);
    // and no company may message the number again
    const blocked = await call('POST', '/sms', globex, {
      ani: (
        await t.app.db
          .selectFrom('dids')
          .select('did')
          .where('company_uuid', '=', globexUuid)
          .where('did_type', '=', 'ani')
          .executeTakeFirstOrThrow()
      ).did,
      dnis: PERSON,
      text: 'Hello?',
    });
    expect(blocked.json().code).toBe('suppressed');
  });
});
