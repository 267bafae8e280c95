// The real gateway, end to end: API → Kannel smsbox → bearerbox → SMPP → carrier simulator, the
// receipt back through Kannel's dlr-url, MO and STOP through its sms-service. Installs Kannel with
// apt-get when missing (CI: a fresh Debian machine, as root).
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { startKannelHarness, type KannelHarness } from './harness';
import { waitFor } from './stack';

type H = Record<string, string>;
// each step waits on real processes (a rebind takes Kannel's reconnect-delay of 2 s)
jest.setTimeout(90_000);

describe('Kannel round trip over SMPP', () => {
  let k: KannelHarness;
  let t: TestApp;
  let admin: H, acme: H;
  const started = Date.now();
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: H, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const health = async () => (await call('GET', '/smsc_connection/status', admin)).json();
  const smscOf = async (id: string) =>
    (await t.app.db.selectFrom('sms').select('smsc_id').where('sms_uuid', '=', id).executeTakeFirstOrThrow()).smsc_id;
  const link = async (id: string) => (await health()).links.find((l: { smsc_id: string }) => l.smsc_id === id);

  beforeAll(async () => {
    // KANNEL_TEST_DIR keeps the boxes' config and logs for a look after a failure
    k = await startKannelHarness({ dir: process.env.KANNEL_TEST_DIR });
    t = await createTestApp({ demoTraffic: true, messaging: { gatewaySecret: k.secret, kannel: k.settings } });
    await t.app.listen({ port: k.apiPort, host: '127.0.0.1' });
    admin = bearer(await login(t.app, 'admin@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await k?.close();
    console.log(`Kannel round trip: ${((Date.now() - started) / 1000).toFixed(1)} s including setup`);
  });

  it('applies the SMSC connections to Kannel: the right password binds, a wrong one shows on the link health', async () => {
    const vendor = await t.app.db
      .selectFrom('vendor_products')
      .select('vendor_uuid')
      .where('vendor_product_name', '=', 'Route Co Standard')
      .executeTakeFirstOrThrow();
    const base = { api_adapter_id: 'smpp', host: '127.0.0.1', port: k.carrier.port, system_id: 'console' };
    expect(
      (
        await call('POST', '/smsc_connection', admin, {
          ...base,
          smsc_id: 'carrier-a',
          password: 'secret42',
          vendor_uuid: vendor.vendor_uuid,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/smsc_connection', admin, { ...base, smsc_id: 'carrier-wrongpw', password: 'not-it' }))
        .statusCode,
    ).toBe(201);
    const applied = await call('POST', '/gateway', admin, { command: 'restart' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().message).toMatch(/added carrier-a, carrier-wrongpw/);
    expect(applied.body).not.toContain('secret42');
    await waitFor('carrier-a online', async () => (await link('carrier-a'))?.state === 'online');
    await waitFor(
      'the wrong password refused',
      async () => k.carrier.refusedBinds > 0 && (await link('carrier-wrongpw'))?.state === 'connecting',
    );
    const h = await health();
    expect(h).toMatchObject({ gateway: 'kannel', reachable: true });
    expect(JSON.stringify(h)).not.toContain('secret42');
  });

  it('sends through Kannel over SMPP; the receipt comes back and the message turns delivered', async () => {
    const res = await call('POST', '/sms', acme, {
      ani: '+12125552301',
      dnis: '+14155550111',
      text: 'Hello over SMPP ✓',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().sms.sms_uuid;
    expect(res.json().sms.status).toBe('sent');
    await waitFor('the carrier gets it', async () => k.carrier.submitted.some((m) => m.text === 'Hello over SMPP ✓'));
    expect(k.carrier.submitted.find((m) => m.text === 'Hello over SMPP ✓')).toMatchObject({
      from: '12125552301',
      to: '14155550111',
    });
    await waitFor(
      'delivered',
      async () => (await call('GET', `/sms/${id}`, acme)).json().sms.status === 'delivered',
      15_000,
    );
    expect((await call('GET', `/sms/${id}`, acme)).json().sms).toMatchObject({ delivered_on: expect.any(String) });
    expect(await smscOf(id)).toBe('carrier-a');
  });

  it('takes an MO from the carrier into the incoming log; STOP suppresses the sender and confirms over SMPP', async () => {
    await k.carrier.sendMo({ from: '14155550177', to: '12125552301', text: 'Hi Acme' });
    const incoming = async () =>
      (await call('GET', '/log/mo_report', acme)).json().items as { sms_uuid: string; ani: string; text: string }[];
    await waitFor(
      'the MO in the incoming log',
      async () => (await incoming()).some((m) => m.text === 'Hi Acme'),
      15_000,
    );
    const mo = (await incoming()).find((m) => m.text === 'Hi Acme');
    expect(mo).toMatchObject({ ani: '+14155550177', dnis: '+12125552301', status: 'received' });
    expect(await smscOf(mo!.sms_uuid)).toBe('carrier-a');
    const before = k.carrier.submitted.length;
    await k.carrier.sendMo({ from: '14155550177', to: '12125552301', text: 'STOP' });
    const suppressed = async () =>
      (await call('GET', '/suppressed_number/list', acme)).json().items.map((s: { number: string }) => s.number);
    await waitFor('the sender suppressed', async () => (await suppressed()).includes('+14155550177'), 15_000);
    // the opt-out confirmation leaves through Kannel to the handset
    await waitFor(
      'the STOP confirmation at the carrier',
      async () => k.carrier.submitted.slice(before).some((m) => m.to === '14155550177'),
      15_000,
    );
    const blocked = await call('POST', '/sms', acme, {
      ani: '+12125552301',
      dnis: '+14155550177',
      text: 'are you there?',
    });
    expect(blocked.statusCode).toBe(422);
  });

  it('rebinds an SMPP link that drops; what is sent meanwhile waits in Kannel and is delivered once', async () => {
    k.carrier.dropLinks();
    await waitFor('the link seen down', async () => (await link('carrier-a'))?.state !== 'online', 10_000, 50);
    const res = await call('POST', '/sms', acme, {
      ani: '+12125552301',
      dnis: '+14155550112',
      text: 'sent while the link was down',
    });
    expect(res.json().sms.status).toBe('sent');
    await waitFor('carrier-a online again', async () => (await link('carrier-a'))?.state === 'online', 15_000);
    await waitFor(
      'delivered after the rebind',
      async () => (await call('GET', `/sms/${res.json().sms.sms_uuid}`, acme)).json().sms.status === 'delivered',
      15_000,
    );
    expect(k.carrier.submitted.filter((m) => m.text === 'sent while the link was down')).toHaveLength(1);
  });
});
