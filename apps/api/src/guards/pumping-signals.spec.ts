import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, expectHeldAndRelease, fundCompany } from '../testing/fixtures';
import { bulkOf } from '../bulk';
import type { PumpingHeldEvent } from './service';
import { guardsOf } from '.';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** n valid numbers of a US area code, far apart (never a run of adjacent numbers) */
const scattered = (area: string, n: number, seed = 0) =>
  Array.from({ length: n }, (_, i) => `+1${area}${2_000_000 + (((i + seed) * 104_729) % 7_000_000)}`);
// the other signals out of the way: each test turns on the one it replays
const QUIET = { pumping_min_messages: 100000, pumping_share_min_messages: 100000, pumping_otp_min_messages: 100000 };

describe('pumping signals: a share of premium or unusual destinations, low one-time-code conversion', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string;
  const held: PumpingHeldEvent[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const send = async (dnis: string, text: string) => {
    const res = await call('POST', '/sms', acme, { ani: ACME_ANI, dnis, text });
    return { status: res.statusCode, id: res.json().sms?.sms_uuid as string | undefined, body: res.json() };
  };
  const runBulk = async (numbers: string[], text: string) => {
    const res = await call('POST', '/bulk', acme, { ani: ACME_ANI, text, numbers });
    expect(res.statusCode).toBe(201);
    const id = res.json().bulk_uuid as string;
    const end = Date.now() + 60_000;
    while ((await bulkOf(t.app).progress(id)).status !== 'finished') {
      if (Date.now() > end) throw new Error('bulk did not finish');
      await sleep(100);
    }
    await guardsOf(t.app).settled();
    return id;
  };
  const states = async (bulk: string) =>
    (
      await sql<{ status: string; reason: string | null; n: number }>`select status, block_reason as reason,
        count(*)::int as n from sms where bulk_uuid = ${bulk} group by 1, 2 order by 1, 2`.execute(t.app.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'signals-t', simAutoDeliver: false, simFailureRate: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeUser = bearer(await login(t.app, 'acme-user@example.com'));
    globex = bearer(await login(t.app, 'globex-admin@example.com'));
    acmeCo = await companyNamed(t.app, 'Acme');
    await fundCompany(t.app, acmeCo, 50_000_000n, 'adjustment');
    guardsOf(t.app).events.on('pumping.held', (e) => held.push(e));
  }, 120_000);
  afterAll(async () => {
    await call('PUT', '/guards/settings', admin, { pumping_enabled: false });
    await t.close();
  });

  it('holds a jump to destinations the company never served; its usual campaign goes', async () => {
    // two days ago Acme sent 120 messages to three area codes: its usual destinations
    const reseller_uuid = (
      await t.app.db
        .selectFrom('companies')
        .select('reseller_uuid')
        .where('company_uuid', '=', acmeCo)
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    await sql`insert into sms (company_uuid, reseller_uuid, ani, dnis, text, status, segments, price, created_on)
      select ${acmeCo}, ${reseller_uuid}, ${ACME_ANI}, '+1' || (array['415','650','408'])[1 + i % 3] || (2000000 + i * 7919)::text,
        'Last month', 'delivered', 1, 12000, now() - interval '2 days'
      from generate_series(1, 120) i`.execute(t.app.db);
    const set = await call('PUT', '/guards/settings', admin, {
      ...QUIET,
      pumping_enabled: true,
      pumping_share_min_messages: 30,
      pumping_share_percent: 30,
      pumping_baseline_min_messages: 50,
    });
    expect(set.json()).toMatchObject({ pumping_share_percent: 30, pumping_destination_digits: 4 });

    const normal = await runBulk([...scattered('415', 20), ...scattered('650', 20), ...scattered('408', 20)], 'Sale');
    expect(held).toEqual([]);
    expect(await states(normal)).toEqual([{ status: 'sent', reason: null, n: 60 }]);

    // pumped: numbers of an area code Acme never sent to, scattered (the burst signal would not see them)
    const pumped = await runBulk(scattered('218', 60), 'Welcome to Acme');
    expect(held).toMatchObject([{ company_uuid: acmeCo, prefix: '+1218', signal: 'premium_share' }]);
    // the batch that tripped it went out (the judgement runs beside the sends); what follows to +1218 does not
    expect(await states(pumped)).toEqual([{ status: 'sent', reason: null, n: 60 }]);
    // its usual destinations still go; the held one is refused with the signal in words on the timeline
    expect((await send('+14155550199', 'hi')).status).toBe(201);
    const refused = await send('+12185550123', 'hi');
    expect(refused.status).toBe(422);
    const blocked = await t.app.db
      .selectFrom('sms')
      .select('sms_uuid')
      .where('dnis', '=', '+12185550123')
      .where('status', '=', 'blocked')
      .executeTakeFirstOrThrow();
    const events = (await call('GET', `/sms/${blocked.sms_uuid}/events`, acme)).json();
    expect(events.events.find((e: { kind: string }) => e.kind === 'blocked').summary).toMatch(
      /suspected SMS pumping \(a sudden share of premium or unusual destinations\)/,
    );
    const holds = (await call('GET', '/guards/holds', reseller)).json().items;
    expect(holds).toMatchObject([
      { prefix: '+1218', signal: 'premium_share', reason: expect.stringMatching(/premium or unusual/) },
    ]);
    // mailed; released from the console, the destination goes again
    await expectHeldAndRelease(t.app, holds[0].hold_uuid, {
      releaser: reseller,
      sendToHeld: async () => (await send('+12185550124', 'hi')).status,
    });
  }, 180_000);

  it('POST /sms/{id}/feedback: the sending company only', async () => {
    const { id } = await send('+14155550177', 'Your Acme code is 4821');
    const feedback = (who: Headers, sms = id) => call('POST', `/sms/${sms}/feedback`, who, { outcome: 'confirmed' });
    const ok = await feedback(acmeUser);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ sms_uuid: id, outcome: 'confirmed' });
    expect((await feedback(globex)).statusCode).toBe(404);
    expect((await feedback(acme, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await feedback(reseller)).statusCode).toBe(403);
    expect((await call('POST', `/sms/${id}/feedback`, acme, { outcome: 'maybe' })).statusCode).toBe(400);
    const rows = await t.app.db.selectFrom('sms_feedback').select(['sms_uuid', 'outcome']).execute();
    expect(rows).toEqual([{ sms_uuid: id, outcome: 'confirmed' }]);
  }, 60_000);

  it('holds a destination whose one-time codes are seldom used; codes that are used go on', async () => {
    await call('PUT', '/guards/settings', admin, {
      ...QUIET,
      pumping_enabled: true,
      pumping_otp_min_messages: 10,
      pumping_otp_confirm_percent: 50,
      pumping_otp_grace_seconds: 1,
    });
    held.length = 0;
    const code = (i: number) => `Your Acme verification code is ${481_200 + i}`;

    // a real sign-up flow: 12 codes to +1650 numbers, 10 of them typed back in
    const real: string[] = [];
    for (const [i, n] of scattered('650', 12, 7).entries()) real.push((await send(n, code(i))).id as string);
    for (const id of real.slice(0, 10))
      expect((await call('POST', `/sms/${id}/feedback`, acme, { outcome: 'confirmed' })).statusCode).toBe(200);
    await sleep(1100);
    expect((await send(scattered('650', 1, 99)[0], code(99))).status).toBe(201);
    await guardsOf(t.app).settled();
    expect(held).toEqual([]);

    // pumped: 12 codes to +1312 numbers, none ever used
    for (const [i, n] of scattered('312', 12).entries()) expect((await send(n, code(i))).status).toBe(201);
    await sleep(1100);
    expect((await send(scattered('312', 1, 50)[0], code(50))).status).toBe(201);
    await guardsOf(t.app).settled();
    expect(held).toMatchObject([{ company_uuid: acmeCo, prefix: '+1312', signal: 'otp_conversion' }]);
    const refused = await send(scattered('312', 1, 51)[0], code(51));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/pumping_suspected/);
    // the real flow's destination still goes
    expect((await send(scattered('650', 1, 98)[0], code(98))).status).toBe(201);
    const holds = (await call('GET', '/guards/alerts', acme)).json().pumping_holds;
    // held at whichever send first saw 10+ codes past their grace: on a slow run that is before all 12
    expect(holds).toMatchObject([
      { prefix: '+1312', signal: 'otp_conversion', reason: expect.stringMatching(/^0 of 1[0-3] one-time codes/) },
    ]);
  }, 120_000);
});
