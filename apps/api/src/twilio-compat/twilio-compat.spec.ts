// The Twilio-compatible Messages resource driven by the official `twilio` helper library, pointed at this server by
// its API domain's base URL: a program written for Twilio sends, reads and lists through us, and its
// StatusCallback receives Twilio's form fields.
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { Webhook } from 'standardwebhooks';
import { API_PREFIX } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { startHookListener } from '../testing/hook-listener';
import { messagingOf, type SmscSimulator } from '../messaging';
import { accountSidOf, twilioCallbacksOf } from '.';
import { smsOfMessageSid } from './mapping';

describe('Twilio-compatible Messages: the twilio library sends, reads, lists and gets its StatusCallback', () => {
  let t: TestApp;
  let hooks: Awaited<ReturnType<typeof startHookListener>>;
  let baseUrl = '';
  let key = '';
  let account = '';
  let acme = '';
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const clientOf = (user: string, password: string) => {
    const client = twilio(user, password);
    // the helper library's one knob for where its API lives: the API domain's base URL
    client.api.baseUrl = baseUrl;
    return client;
  };
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  });

  beforeAll(async () => {
    // /flaky refuses the first callback it gets, then takes every one
    hooks = await startHookListener((h, before) =>
      h.path === '/flaky' && !before.some((b) => b.path === '/flaky') ? 503 : 204,
    );
    t = await createTestApp({
      companyWebhooks: { allowPrivate: true, pollMs: 0, retryBaseSeconds: 0, maxAttempts: 3, timeoutMs: 2000 },
      messaging: { gatewaySecret: 'twilio', simAutoDeliver: true, simFailureRate: 0 },
    });
    acme = await companyNamed(t.app, 'Acme');
    account = accountSidOf(acme);
    await fundCompany(t.app, acme, 1_000_000n, 'adjustment');
    const made = await t.app.inject({
      method: 'POST',
      url: api('/api_key'),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
      payload: { name: 'Moved from Twilio', scopes: ['send', 'read'] },
    });
    key = made.json().key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API_PREFIX}`;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await hooks.close();
  });

  it('creates a message, fetches it delivered, lists it, and posts each status to the StatusCallback', async () => {
    const client = clientOf(account, key);
    const created = await client.messages.create({
      to: '+14155550171',
      from: '+12125552301',
      body: 'Hello from the twilio library',
      statusCallback: `${hooks.base}/status`,
    });
    expect(created.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(created).toMatchObject({
      accountSid: account,
      to: '+14155550171',
      from: '+12125552301',
      body: 'Hello from the twilio library',
      direction: 'outbound-api',
      numSegments: '1',
      apiVersion: '2010-04-01',
    });
    expect(['queued', 'sent']).toContain(created.status);
    expect(created.dateCreated).toBeInstanceOf(Date);
    expect(Number.isNaN(created.dateCreated.getTime())).toBe(false);
    // the same pipeline as POST /sms: priced, charged to Acme, logged as sent by the key
    const row = await t.app.db
      .selectFrom('sms')
      .select(['api_key_uuid', 'price', 'company_uuid'])
      .where('sms_uuid', '=', smsOfMessageSid(created.sid) as string)
      .executeTakeFirstOrThrow();
    expect(row.company_uuid).toBe(acme);
    expect(row.api_key_uuid).not.toBeNull();
    expect(created.price).toMatch(/^-\d+\.\d{5}$/);

    await sim().drain();
    await twilioCallbacksOf(t.app).drain();
    const fetched = await client.messages(created.sid).fetch();
    expect(fetched).toMatchObject({ sid: created.sid, status: 'delivered', errorCode: null });
    expect(fetched.dateSent).toBeInstanceOf(Date);

    const got = hooks.hits
      .filter((h) => h.path === '/status')
      .map((h) => Object.fromEntries(new URLSearchParams(h.body)));
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got[got.length - 1]).toMatchObject({
      MessageSid: created.sid,
      MessageStatus: 'delivered',
      AccountSid: account,
      To: '+14155550171',
      From: '+12125552301',
    });
    expect(hooks.hits[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    // a final status is posted once: another pass has nothing to send
    await twilioCallbacksOf(t.app).drain();
    expect(hooks.hits.filter((h) => h.path === '/status')).toHaveLength(got.length);

    const listed = await client.messages.list({ to: '+14155550171', limit: 20 });
    expect(listed.map((m) => m.sid)).toContain(created.sid);
    // paging as Twilio pages: a page of one has a next page the library follows
    await client.messages.create({ to: '+14155550172', from: '+12125552301', body: 'Second' });
    const first = await client.messages.page({ pageSize: 1 });
    expect(first.instances).toHaveLength(1);
    const second = await first.nextPage();
    expect(second?.instances).toHaveLength(1);
    expect(second?.instances[0].sid).not.toBe(first.instances[0].sid);
  });

  it("retries a refused StatusCallback, signed with the company's callback secret (standardwebhooks verifies it)", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: api('/webhook/callback-secret'),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
      payload: {},
    });
    const { secret } = made.json();
    const sent = await clientOf(account, key).messages.create({
      to: '+14155550173',
      from: '+12125552301',
      body: 'Retried callback',
      statusCallback: `${hooks.base}/flaky`,
    });
    await sim().drain();
    await twilioCallbacksOf(t.app).drain();
    const flaky = hooks.hits.filter((h) => h.path === '/flaky');
    // the first attempt was refused (503), the same status was posted again and taken
    expect(flaky.length).toBeGreaterThanOrEqual(2);
    expect(flaky[1].body).toBe(flaky[0].body);
    const last = flaky[flaky.length - 1];
    expect(Object.fromEntries(new URLSearchParams(last.body))).toMatchObject({
      MessageSid: sent.sid,
      MessageStatus: 'delivered',
    });
    expect(last.headers['webhook-id']).toBe(`${sent.sid}_delivered`);
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(last.headers[h])]),
    );
    expect(() => new Webhook(secret).verify(last.body, headers, { jsonParse: false })).not.toThrow();
    expect(() => new Webhook(secret).verify(`${last.body}&x=1`, headers, { jsonParse: false })).toThrow();
  });

  it('sends with a test key in the sandbox: its magic number chooses the outcome and nothing is charged', async () => {
    const admin = bearer(await login(t.app, 'acme-admin@example.com'));
    const made = await t.app.inject({
      method: 'POST',
      url: api('/api_key'),
      headers: admin,
      payload: { name: 'Twilio try-out', scopes: ['send', 'read'], sandbox: true },
    });
    expect(made.statusCode).toBe(201);
    const balance = async () => (await t.app.inject({ url: api('/balance'), headers: admin })).json().balance;
    const before = await balance();
    const client = clientOf(account, made.json().key);
    const sent = await client.messages.create({ to: '+15005550102', from: '+12125552301', body: 'Sandbox via Twilio' });
    await sim().drain();
    expect(await client.messages(sent.sid).fetch()).toMatchObject({ sid: sent.sid, status: 'undelivered' });
    const row = await t.app.db
      .selectFrom('sms')
      .select(['sandbox', 'api_key_uuid'])
      .where('sms_uuid', '=', smsOfMessageSid(sent.sid) as string)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sandbox: true, api_key_uuid: made.json().api_key.api_key_uuid });
    expect(await balance()).toBe(before);
  });

  it('answers a repeated I-Twilio-Idempotency-Token with the first message, sending once', async () => {
    const post = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: api(`/2010-04-01/Accounts/${account}/Messages.json`),
        headers: {
          ...basic(account, key),
          'content-type': 'application/x-www-form-urlencoded',
          'i-twilio-idempotency-token': token,
        },
        payload: 'To=%2B14155550174&From=%2B12125552301&Body=Once',
      });
    const first = await post('retry-1');
    const again = await post('retry-1');
    const other = await post('retry-2');
    expect([first.statusCode, again.statusCode, other.statusCode]).toEqual([201, 201, 201]);
    expect(again.json().sid).toBe(first.json().sid);
    expect(other.json().sid).not.toBe(first.json().sid);
    const rows = await t.app.db.selectFrom('sms').select('sms_uuid').where('dnis', '=', '+14155550174').execute();
    expect(rows).toHaveLength(2);
  });

  it("refuses bad credentials with Twilio's 401 error shape", async () => {
    const wrong = clientOf(account, 'smsc_not-a-real-key-at-all-000000000000000000');
    await expect(wrong.messages.create({ to: '+14155550171', from: '+12125552301', body: 'x' })).rejects.toMatchObject({
      status: 401,
      code: 20003,
      moreInfo: 'https://www.twilio.com/docs/errors/20003',
    });
    const res = await t.app.inject({ method: 'GET', url: api(`/2010-04-01/Accounts/${account}/Messages.json`) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 20003, status: 401, more_info: expect.any(String) });
  });

  it("refuses an AccountSid that is not the key's company, and a user name that is not the path's", async () => {
    const globex = accountSidOf(await companyNamed(t.app, 'Globex'));
    const other = await t.app.inject({
      method: 'GET',
      url: api(`/2010-04-01/Accounts/${globex}/Messages.json`),
      headers: basic(globex, key),
    });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 20003, status: 401 });
    const mixed = await t.app.inject({
      method: 'GET',
      url: api(`/2010-04-01/Accounts/${account}/Messages.json`),
      headers: basic(globex, key),
    });
    expect(mixed.statusCode).toBe(401);
    // the library names the AccountSid in the path; another company's account refuses the same way
    await expect(clientOf(globex, key).messages.list({ limit: 1 })).rejects.toMatchObject({ status: 401, code: 20003 });
  });

  it('answers a form without To with 21604 and a To that is no number with 21211, sending nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('sms')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const missing = await t.app.inject({
      method: 'POST',
      url: api(`/2010-04-01/Accounts/${account}/Messages.json`),
      headers: { ...basic(account, key), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B12125552301&Body=Hi',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 21604,
      message: "A 'To' phone number is required.",
      more_info: 'https://www.twilio.com/docs/errors/21604',
      status: 400,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: api(`/2010-04-01/Accounts/${account}/Messages.json`),
      headers: { ...basic(account, key), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'To=hello&From=%2B12125552301&Body=Hi',
    });
    expect(bad.json()).toMatchObject({ code: 21211, status: 400 });
    expect(await count()).toBe(before);
  });

  it('answers 404 (20404) for a Sid that names no message of the account, or is no Sid', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/2010-04-01/Accounts/${account}/Messages/SM${'0'.repeat(32)}.json`),
      headers: basic(account, key),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 20404, status: 404 });
    const notSid = await t.app.inject({
      method: 'GET',
      url: api(`/2010-04-01/Accounts/${account}/Messages/MM123.json`),
      headers: basic(account, key),
    });
    expect(notSid.json()).toMatchObject({ code: 20404, status: 404 });
  });
});
