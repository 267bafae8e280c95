import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;

describe('the send pipeline checks templates (approvedTemplate hook)', () => {
  let t: TestApp;
  let reseller: Headers, acme: Headers, globex: Headers;
  const call = (method: 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    [reseller, acme, globex] = await Promise.all(
      ['reseller', 'acme-admin', 'globex-admin'].map(async (u) => bearer(await login(t.app, `${u}@example.com`))),
    );
  }, 120_000);
  afterAll(async () => t.close());

  it("sends only an approved template of the sender's company, with the template's own text", async () => {
    const tpl = (
      await call('POST', '/sms_template', acme, { template_name: 'Reminder', text: 'Your visit is tomorrow' })
    ).json().sms_template;
    const send = (h: Headers, text = 'typed text') =>
      call('POST', '/sms', h, { ani: '+12125552301', dnis: '+14155550111', text, sms_template_uuid: tpl.id });
    const pending = await send(acme);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().detail).toMatch(/bad_template|pending/);
    expect((await call('PATCH', `/sms_template/${tpl.id}/approve`, reseller)).statusCode).toBe(200);
    const sent = await send(acme, 'something else entirely');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().sms).toMatchObject({
      text: 'Your visit is tomorrow',
      sms_template_uuid: tpl.id,
      status: 'sent',
    });
    // another company naming it: not found for them, nothing sent
    const foreign = await call('POST', '/sms', globex, {
      ani: '+13125552401',
      dnis: '+14155550111',
      text: 'x',
      sms_template_uuid: tpl.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toMatch(/not found/i);
  });
});
