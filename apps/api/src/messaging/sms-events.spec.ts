import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { post } from '../billing';
import { messagingOf, type SmscSimulator } from '.';

type Headers = Record<string, string>;

describe("GET /sms/{id}/events: a message's whole story, within its tenant", () => {
  let t: TestApp;
  let admin: Headers, acme: Headers, globex: Headers;
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const send = async (dnis: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis, text: 'Story' },
    });
    return r.json().sms.sms_uuid as string;
  };
  const story = (id: string, who: Headers) =>
    t.app.inject({ method: 'GET', url: api(`/sms/${id}/events`), headers: who });

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'story', simAutoDeliver: false, simFailureRate: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    globex = bearer(await login(t.app, 'globex-admin@example.com'));
    const acmeCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 1_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'story',
      }),
    );
  }, 120_000);
  afterAll(async () => t.close());

  it('tells a delivered message from acceptance to its charge, the vendor only to those who see costs', async () => {
    const id = await send('+14155550171');
    await sim().drain();
    const res = await story(id, acme);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sms_uuid: id, status: 'delivered', final: true });
    expect(body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'accepted',
      'priced',
      'routed',
      'held',
      'submitted',
      'receipt',
      'charged',
    ]);
    const by = (kind: string) => body.events.find((e: { kind: string }) => e.kind === kind);
    expect(by('priced')).toMatchObject({ parts: 1, unit_price: '0.012', amount: '0.012', currency: 'USD' });
    expect(by('routed').vendor).toBeNull();
    expect(by('receipt')).toMatchObject({ raw_status: 'DELIVRD', error_code: null });
    expect(by('charged')).toMatchObject({ amount: '-0.012' });
    const seen = (await story(id, admin)).json();
    expect(seen.events.find((e: { kind: string }) => e.kind === 'routed').vendor).toEqual(expect.any(String));
    // another company's admin cannot name it
    expect((await story(id, globex)).statusCode).toBe(404);
  });

  it('gives an undelivered message its raw receipt and error code, and a released hold instead of a charge', async () => {
    sim().configure({ failureRate: 1 });
    const id = await send('+14155550172');
    await sim().drain();
    sim().configure({ failureRate: 0 });
    const body = (await story(id, acme)).json();
    expect(body).toMatchObject({ status: 'undelivered', final: true });
    const kinds = body.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('released');
    expect(kinds).not.toContain('charged');
    expect(body.events.find((e: { kind: string }) => e.kind === 'receipt')).toMatchObject({
      raw_status: 'UNDELIV',
      error_code: '001',
    });
  });

  it('says why a blocked message was refused, in words', async () => {
    await t.app.inject({
      method: 'POST',
      url: api('/suppressed_number'),
      headers: acme,
      payload: { number: '+14155550173' },
    });
    const r = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis: '+14155550173', text: 'Story' },
    });
    const id = r.json().sms?.sms_uuid as string | undefined;
    const row = id
      ? { sms_uuid: id }
      : await t.app.db
          .selectFrom('sms')
          .select('sms_uuid')
          .where('dnis', '=', '+14155550173')
          .executeTakeFirstOrThrow();
    const body = (await story(row.sms_uuid, acme)).json();
    expect(body).toMatchObject({ status: 'blocked', final: true });
    const blocked = body.events.find((e: { kind: string }) => e.kind === 'blocked');
    expect(blocked).toMatchObject({ reason: 'suppressed' });
    expect(blocked.summary).toMatch(/on the suppression list/);
    expect(body.events.map((e: { kind: string }) => e.kind)).not.toContain('charged');
  });
});
