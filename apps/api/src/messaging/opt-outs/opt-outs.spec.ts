// Issue 52 item 4 "Done when": a Spanish STOP opts out with the Spanish reply; a reseller-wide STOP blocks a sister
// company; HELP answers without opting out; the scope, the keyword sets and the consent evidence through the API.
import { api, bearer, createTestApp, login, type TestApp } from '../../testing/test-app';
import { companyNamed, fundCompany } from '../../testing/fixtures';
import { messagingOf } from '..';
import { DEFAULT_SETS } from './languages';

type Headers = Record<string, string>;
const ACME_DID = '+12125552301';
const ACME_DID_2 = '+12125552302';
const SISTER_DID = '+12125559901';

describe('opt-outs: languages, scope, consent evidence', () => {
  let t: TestApp;
  let acme: Headers, acmeUser: Headers, globex: Headers, reseller: Headers, admin: Headers;
  let acmeCo: string, sisterCo: string, globexCo: string;
  const messaging = () => messagingOf(t.app).messaging;
  const suppression = async (company_uuid: string, ani: string, dest: string) =>
    messaging().facts.senderAndSuppression(await messaging().facts.company(company_uuid), ani, dest);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const stop = (from: string, text: string, to = ACME_DID) => messaging().inbound.receive({ from, to, text });
  /** the texts the company sent a number, newest first */
  const sentTo = async (number: string) =>
    (
      await t.app.db
        .selectFrom('sms')
        .select('text')
        .where('dnis', '=', number)
        .where('is_received', '=', false)
        .orderBy('created_on', 'desc')
        .execute()
    ).map((r) => r.text);
  /** the pipeline's verdict on a send of a company from its number to a destination (the bulk path's judge) */
  const verdict = async (company_uuid: string, ani: string, dnis: string) => {
    const company = await messaging().facts.company(company_uuid);
    const [j] = await messaging().pipeline.judge(company, [{ ani, dnis, text: 'Hello' }]);
    return j.decision.ok ? 'ok' : j.decision.reason;
  };

  beforeAll(async () => {
    t = await createTestApp({ messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    [acme, acmeUser, globex, reseller, admin] = await Promise.all(
      ['acme-admin', 'acme-user', 'globex-admin', 'reseller', 'admin'].map(
        async (u) => bearer(await login(t.app, `${u}@example.com`)) as Headers,
      ),
    );
    acmeCo = await companyNamed(t.app, 'Acme');
    globexCo = await companyNamed(t.app, 'Globex');
    await fundCompany(t.app, acmeCo, 100_000_000n);
    // Company 02: another company of Acme's reseller, given a sending number and Acme's product
    sisterCo = await companyNamed(t.app, 'Company 02');
    const { product_uuid } = await t.app.db
      .selectFrom('companies')
      .select('product_uuid')
      .where('company_uuid', '=', acmeCo)
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('companies').set({ product_uuid }).where('company_uuid', '=', sisterCo).execute();
    await t.app.db
      .insertInto('dids')
      .values({ did: SISTER_DID, company_uuid: sisterCo, is_toll_free: false, area_code: '212', did_type: 'ani' })
      .execute();
  }, 120_000);
  afterAll(async () => t.close());

  it('a Spanish number texting BAJA is opted out and answered in Spanish, with its consent evidence', async () => {
    const res = await stop('+34612345678', 'Baja.');
    expect(res.keyword).toBe('stop');
    expect(await verdict(acmeCo, ACME_DID, '+34612345678')).toBe('suppressed');
    expect(await sentTo('+34612345678')).toEqual([DEFAULT_SETS.es.stop_reply]);
    // a Mexican number: Spanish too, by its country; STOP, an English word, is answered in the number's language
    await stop('+5215512345678', 'ALTO');
    await stop('+34699000111', 'stop');
    expect(await sentTo('+5215512345678')).toEqual([DEFAULT_SETS.es.stop_reply]);
    expect(await sentTo('+34699000111')).toEqual([DEFAULT_SETS.es.stop_reply]);
    // a German number in German
    await stop('+4915112345678', 'Stopp');
    expect(await sentTo('+4915112345678')).toEqual([DEFAULT_SETS.de.stop_reply]);
    const events = await call('GET', '/consent_event/list?number=%2B34612345678', acme);
    expect(events.statusCode).toBe(200);
    expect(events.json().items).toEqual([
      expect.objectContaining({
        action: 'opt_out',
        source: 'keyword',
        text: 'Baja.',
        language: 'es',
        scope: 'company',
        sender: ACME_DID,
        company_uuid: acmeCo,
      }),
    ]);
    // ALTA subscribes again, in Spanish, and is kept as evidence too
    await stop('+34612345678', 'alta');
    expect(await verdict(acmeCo, ACME_DID, '+34612345678')).toBe('no_price');
    expect((await sentTo('+34612345678'))[0]).toBe(DEFAULT_SETS.es.start_reply);
    const after = (await call('GET', '/consent_event/list?number=%2B34612345678', acme)).json().items;
    expect(after.map((e: { action: string }) => e.action)).toEqual(['opt_in', 'opt_out']);
  });

  it('HELP (AYUDA, HELP) answers with the help reply and opts nobody out', async () => {
    const res = await stop('+34611222333', 'Ayuda');
    expect(res.keyword).toBe('help');
    expect(await sentTo('+34611222333')).toEqual([DEFAULT_SETS.es.help_reply]);
    expect(await verdict(acmeCo, ACME_DID, '+34611222333')).not.toBe('suppressed');
    await stop('+14155550901', 'help');
    expect(await sentTo('+14155550901')).toEqual([DEFAULT_SETS.en.help_reply]);
    expect(await verdict(acmeCo, ACME_DID, '+14155550901')).toBe('ok');
    const none = (await call('GET', '/consent_event/list?number=%2B14155550901', acme)).json();
    expect(none.total).toBe(0);
  });

  it('the reseller-wide scope blocks a sister company, not a company of another tree', async () => {
    expect(await verdict(sisterCo, SISTER_DID, '+14155550902')).toBe('ok');
    const set = await call('PUT', '/opt_out_settings', acme, { scope: 'reseller' });
    expect([set.statusCode, set.json().opt_out_settings.scope]).toEqual([200, 'reseller']);
    await stop('+14155550902', 'STOP');
    expect(await verdict(acmeCo, ACME_DID, '+14155550902')).toBe('suppressed');
    expect(await verdict(sisterCo, SISTER_DID, '+14155550902')).toBe('suppressed');
    // the single send's facts (POST /sms) say the same
    expect((await suppression(sisterCo, SISTER_DID, '+14155550902')).suppressed).toBe(true);
    // Globex is a direct company: Acme's STOP is none of its business
    expect((await suppression(globexCo, '+13125552401', '+14155550902')).suppressed).toBe(false);
    // the sister's own START lifts the tree's STOP for it (and its tree)
    await stop('+14155550902', 'START', SISTER_DID);
    expect(await verdict(sisterCo, SISTER_DID, '+14155550902')).toBe('ok');
    expect(await verdict(acmeCo, ACME_DID, '+14155550902')).toBe('ok');
  });

  it('the sender scope blocks only the number the STOP was texted to', async () => {
    await call('PUT', '/opt_out_settings', acme, { scope: 'sender' });
    await stop('+14155550903', 'unsubscribe', ACME_DID_2);
    expect(await verdict(acmeCo, ACME_DID_2, '+14155550903')).toBe('suppressed');
    expect(await verdict(acmeCo, ACME_DID, '+14155550903')).toBe('ok');
    // a second STOP to the other number: two rows, both listed with their sender
    await stop('+14155550903', 'STOP', ACME_DID);
    const listed = (await call('GET', '/suppressed_number/list?number=4155550903', acme)).json().items;
    expect(listed.map((r: { sender: string; scope: string }) => [r.scope, r.sender]).sort()).toEqual([
      ['sender', ACME_DID],
      ['sender', ACME_DID_2],
    ]);
    await call('PUT', '/opt_out_settings', acme, { scope: 'company' });
  });

  it('a company admin edits a language set: its words opt out, its reply answers; defaults stay for the rest', async () => {
    const put = await call('PUT', '/opt_out_keyword/es', acme, {
      stop_words: ['basta ya', 'baja'],
      stop_reply: 'Acme: baja confirmada.',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().opt_out_keyword).toMatchObject({
      language: 'es',
      custom: true,
      stop_words: ['BASTA YA', 'BAJA'],
      stop_reply: 'Acme: baja confirmada.',
      help_reply: DEFAULT_SETS.es.help_reply,
    });
    await stop('+34622000111', ' Basta   ya! ');
    expect(await sentTo('+34622000111')).toEqual(['Acme: baja confirmada.']);
    // ALTO is no longer a Spanish STOP word for Acme, nor any other language's: an ordinary message
    expect((await stop('+34622000222', 'ALTO')).keyword).toBeNull();
    const list = (await call('GET', '/opt_out_keyword/list', acme)).json();
    expect(list.items.map((s: { language: string }) => s.language)).toEqual(['en', 'es', 'fr', 'de', 'pt', 'it']);
    expect(list.items.find((s: { language: string }) => s.language === 'es').countries).toContain('MX');
    // a word may not both stop and start; nulls go back to the defaults
    const clash = await call('PUT', '/opt_out_keyword/es', acme, { stop_words: ['SI'], start_words: ['si'] });
    expect(clash.statusCode).toBe(400);
    const reset = await call('PUT', '/opt_out_keyword/es', acme, { stop_words: null, stop_reply: null });
    expect(reset.json().opt_out_keyword).toMatchObject({ custom: false, stop_words: DEFAULT_SETS.es.stop_words });
    // a country answered in another language by the company's choice
    await call('PUT', '/opt_out_settings', acme, { country_languages: { US: 'es' } });
    await stop('+14155550904', 'STOP');
    expect(await sentTo('+14155550904')).toEqual([DEFAULT_SETS.es.stop_reply]);
    await call('PUT', '/opt_out_settings', acme, { country_languages: {} });
  });

  it('keeps the rest of the tenancy: a user sees none of it, other tenants neither; a reseller names its company', async () => {
    expect((await call('GET', '/opt_out_settings', acmeUser)).statusCode).toBe(403);
    expect((await call('GET', '/consent_event/list?number=%2B34612345678', acmeUser)).statusCode).toBe(403);
    expect((await call('GET', '/consent_event/list?number=%2B34612345678', globex)).json().total).toBe(0);
    expect((await call('PUT', '/opt_out_keyword/es', globex, { company_uuid: acmeCo })).statusCode).toBe(403);
    expect((await call('GET', `/opt_out_settings?company_uuid=${globexCo}`, reseller)).statusCode).toBe(404);
    expect((await call('GET', `/opt_out_settings?company_uuid=${acmeCo}`, reseller)).statusCode).toBe(200);
    expect((await call('GET', '/opt_out_settings', admin)).statusCode).toBe(400);
    expect((await call('PUT', '/opt_out_settings', acme, { scope: 'everyone' })).statusCode).toBe(400);
  });

  it('console and import opt-outs and removals leave consent evidence with their source', async () => {
    const added = await call('POST', '/suppressed_number', acme, { number: '+1 415 555 0905', note: 'asked by phone' });
    expect(added.statusCode).toBe(201);
    expect(added.json().suppressed_number).toMatchObject({ scope: 'company', sender: '', source: 'manual' });
    const imported = await call('POST', '/suppressed_number/import', acme, {
      numbers: ['+14155550905', '+14155550906', 'nope'],
      note: 'old list',
    });
    expect(imported.json()).toEqual({ added: 1, already: 1, invalid: ['nope'] });
    await call('DELETE', `/suppressed_number/${added.json().suppressed_number.suppressed_number_uuid}`, acme);
    const events = (await call('GET', '/consent_event/list?number=%2B14155550905', acme)).json().items;
    expect(events.map((e: { action: string; source: string; text: string }) => [e.action, e.source, e.text])).toEqual([
      ['opt_in', 'console', 'Removed from the suppression list'],
      ['opt_out', 'import', 'old list'],
      ['opt_out', 'console', 'asked by phone'],
    ]);
    expect(events[0].user_email).toBe('acme-admin@example.com');
  });

  it('a STOP after a message was stored and before its hand-over blocks it there: never handed over, nothing held', async () => {
    const m = messaging();
    const company = await m.facts.company(acmeCo);
    const judged = await m.pipeline.judge(company, [{ ani: ACME_DID, dnis: '+14155550907', text: 'Sale today' }]);
    expect(judged[0].decision.ok).toBe(true);
    const stored = await t.app.db.transaction().execute((trx) => m.pipeline.store(trx, company, null, judged));
    const outbound = stored.flatMap((s) => (s.outbound ? [s.outbound] : []));
    expect(outbound).toHaveLength(1);
    await stop('+14155550907', 'STOP');
    const gateway = messagingOf(t.app).gateway;
    const handed: string[] = [];
    const submit = gateway.submit.bind(gateway);
    gateway.submit = async (msg) => {
      handed.push(msg.dnis);
      return submit(msg);
    };
    try {
      await m.pipeline.handOver(outbound, { recheckStops: true });
    } finally {
      gateway.submit = submit;
    }
    expect(handed).toEqual([]);
    const row = await t.app.db
      .selectFrom('sms')
      .leftJoin('ledger_reservations', 'ledger_reservations.reservation_uuid', 'sms.reservation_uuid')
      .select(['sms.status', 'sms.block_reason', 'ledger_reservations.status as hold'])
      .where('sms.sms_uuid', '=', outbound[0].sms_uuid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'blocked', block_reason: 'suppressed' });
    expect(row.hold).toBe('released');
  });
});
