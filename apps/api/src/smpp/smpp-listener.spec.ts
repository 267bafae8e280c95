import * as smpp from 'smpp';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { brandAcmeReseller } from '../testing/fixtures';
import { messagingOf } from '../messaging';
import { smppOf } from '.';
import { connect, type Client } from './test-client';

const E = smpp.errors;
const ACME_ANI = '12125552301';
const TO = '14155550111';

describe('SMPP listener: binds, submits through the pipeline, receipts and incoming messages', () => {
  let t: TestApp;
  let acme: Record<string, string>;
  let port: number;
  /** the system_id the server gave (a company admin's request is its prefix) */
  let acme1: string;
  const clients: Client[] = [];
  const open = async () => {
    const c = await connect(port);
    clients.push(c);
    return c;
  };
  const account = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: api('/smpp_account'), headers: acme, payload: body });
    expect(res.statusCode).toBe(201);
    return res.json().smpp_account;
  };
  const submit = (c: Client, extra: object = {}) =>
    c.submit({
      source_addr_ton: 1,
      source_addr: ACME_ANI,
      dest_addr_ton: 1,
      destination_addr: TO,
      short_message: 'Hello over SMPP',
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      messaging: { simLatencyMs: 20, simFailureRate: 0, simAutoDeliver: true },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    port = smppOf(t.app).port as number;
    acme1 = (await account({ system_id: 'acme1', password: 'secret1', max_binds: 3, tps: 1000 })).system_id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it("names the SMSC in a bind answer by the account's brand: its reseller's, else ours as it always was", async () => {
    const answer = (c: Client, system_id: string, password: string) =>
      new Promise<smpp.Pdu>((res) => c.session.bind_transceiver({ system_id, password }, res));
    // Acme is a reseller's company and the reseller set a brand; Globex is the platform's own, nothing set
    await brandAcmeReseller(t.app, 'Nimbus Texts & Co. International');
    const globex = bearer(await login(t.app, 'globex-admin@example.com'));
    const made = await t.app.inject({
      method: 'POST',
      url: api('/smpp_account'),
      headers: globex,
      payload: { system_id: 'globex1', password: 'secret9' },
    });
    expect(made.statusCode).toBe(201);
    const [a, g] = [await connect(port), await connect(port)];
    const branded = await answer(a, acme1, 'secret1');
    const plain = await answer(g, made.json().smpp_account.system_id, 'secret9');
    // the binds end here: later tests count Acme's binds against its max_binds
    await Promise.all([a.close(), g.close()]);
    expect([branded.command_status, branded.system_id]).toEqual([0, 'NIMBUSTEXTSCOIN']);
    expect([plain.command_status, plain.system_id]).toEqual([0, 'SMSCCONSOLE']);
  });

  it('listens on a port of its own (SMPP_PORT 0 in tests: a free one)', () => {
    expect(port).toBeGreaterThan(0);
  });

  it('binds, answers enquire_link, and a submit with a receipt requested gets one DELIVRD receipt carrying our id', async () => {
    const c = await open();
    expect(await c.bind('bind_transceiver', acme1, 'secret1')).toBe(0);
    const link = await new Promise<smpp.Pdu>((res) => c.session.enquire_link({}, res));
    expect(link.command_status).toBe(0);
    const resp = await submit(c, { registered_delivery: 1 });
    expect(resp.command_status).toBe(0);
    const id = String(resp.message_id);
    // the same id the console and GET /sms/{id} show
    const sms = await t.app.inject({ method: 'GET', url: api(`/sms/${id}`), headers: acme });
    expect(sms.statusCode).toBe(200);
    expect(sms.json().sms).toMatchObject({ ani: '+12125552301', dnis: '+14155550111', text: 'Hello over SMPP' });
    const [receipt] = await c.waitDelivered(1);
    expect(receipt.esm_class).toBe(0x04);
    expect(receipt.receipted_message_id).toBe(id);
    expect(receipt.message_state).toBe(2);
    const text = (receipt.short_message as { message: string }).message;
    expect(text).toMatch(
      new RegExp(
        `^id:${id} sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:Hello over SMPP$`,
      ),
    );
    // marked delivered on the deliver_sm_resp: never sent again
    const deliveredOn = async () =>
      (
        await t.app.db
          .selectFrom('smpp_deliveries')
          .select(['delivered_on'])
          .where('sms_uuid', '=', id)
          .executeTakeFirstOrThrow()
      ).delivered_on;
    for (let i = 0; i < 50 && !(await deliveredOn()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await deliveredOn()).toEqual(expect.any(Date));
    await c.close();
  });

  it('refuses a submit before bind, a second bind on one session and an unknown command', async () => {
    const c = await open();
    expect((await submit(c)).command_status).toBe(E.ESME_RINVBNDSTS);
    expect(await c.bind('bind_transmitter', acme1, 'secret1')).toBe(0);
    expect(await c.bind('bind_transmitter', acme1, 'secret1')).toBe(E.ESME_RALYBND);
    const nack = await new Promise<smpp.Pdu>((res) => c.session.send(new smpp.PDU('query_sm', {}) as smpp.Pdu, res));
    expect(nack.command_status).toBe(E.ESME_RINVCMDID);
    await c.close();
  });

  it('maps refusals of the pipeline: bad destination, a sender that is not the company’s, bad data coding', async () => {
    const c = await open();
    expect(await c.bind('bind_transmitter', acme1, 'secret1')).toBe(0);
    expect((await submit(c, { destination_addr: '12' })).command_status).toBe(E.ESME_RINVDSTADR);
    expect((await submit(c, { source_addr: '13125552401' })).command_status).toBe(E.ESME_RINVSRCADR);
    expect((await submit(c, { data_coding: 4, short_message: Buffer.from([1, 2]) })).command_status).toBe(
      E.ESME_RINVDCS,
    );
    await c.close();
  });

  it('keeps several submits outstanding on one bind (windowing) and answers each with its own id', async () => {
    const c = await open();
    expect(await c.bind('bind_transmitter', acme1, 'secret1')).toBe(0);
    const resps = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(c, { short_message: `win ${i}` })));
    expect(resps.map((r) => r.command_status)).toEqual(Array(30).fill(0));
    expect(new Set(resps.map((r) => r.message_id)).size).toBe(30);
    await c.close();
  });

  it('joins a 3-part UCS-2 message (UDH) into one message with one receipt; SAR parts and message_payload too', async () => {
    const c = await open();
    expect(await c.bind('bind_transceiver', acme1, 'secret1')).toBe(0);
    const parts = ['Привет, это ', 'длинное сообщение ', 'в трёх частях'];
    const resps = await Promise.all(
      parts.map((p, i) =>
        submit(c, {
          data_coding: 8,
          registered_delivery: 1,
          short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x2a, 3, i + 1]), message: p },
        }),
      ),
    );
    expect(resps.map((r) => r.command_status)).toEqual([0, 0, 0]);
    const id = String(resps[2].message_id);
    expect(new Set(resps.map((r) => r.message_id))).toEqual(new Set([id]));
    const stored = await t.app.db
      .selectFrom('sms')
      .select(['text', 'segments', 'encoding'])
      .where('sms_uuid', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ text: parts.join(''), segments: 1, encoding: 'UCS-2' });
    const [receipt] = await c.waitDelivered(1);
    expect(receipt.receipted_message_id).toBe(id);
    // nothing more comes for the other parts
    await new Promise((r) => setTimeout(r, 600));
    expect(c.delivered).toHaveLength(1);

    const sar = await Promise.all(
      ['Latin-1: café ', 'déjà vu'].map((p, i) =>
        submit(c, {
          data_coding: 3,
          short_message: p,
          sar_msg_ref_num: 777,
          sar_total_segments: 2,
          sar_segment_seqnum: i + 1,
        }),
      ),
    );
    const sarId = String(sar[1].message_id);
    expect(sar[0].message_id).toBe(sarId);
    const long = 'x'.repeat(300);
    const payload = await submit(c, { short_message: '', message_payload: long });
    expect(payload.command_status).toBe(0);
    const texts = await t.app.db
      .selectFrom('sms')
      .select(['sms_uuid', 'text'])
      .where('sms_uuid', 'in', [sarId, String(payload.message_id)])
      .execute();
    expect(Object.fromEntries(texts.map((r) => [r.sms_uuid, r.text]))).toEqual({
      [sarId]: 'Latin-1: café déjà vu',
      [String(payload.message_id)]: long,
    });
    await c.close();
  });

  it('an incoming message to the company’s number reaches its receiver bind', async () => {
    const c = await open();
    expect(await c.bind('bind_receiver', acme1, 'secret1')).toBe(0);
    await messagingOf(t.app).messaging.inbound.receive({ from: '+14155550177', to: '+12125552301', text: 'Hi Acme' });
    const [mo] = await c.waitDelivered(1);
    expect(mo).toMatchObject({ source_addr: '14155550177', destination_addr: ACME_ANI, esm_class: 0 });
    expect((mo.short_message as { message: string }).message).toBe('Hi Acme');
    // a receiver bind sends nothing
    expect((await submit(c)).command_status).toBe(E.ESME_RINVBNDSTS);
    await c.close();
  });

  it('keeps receipts for a customer who is not bound and hands them over once at the next bind', async () => {
    const tx = await open();
    expect(await tx.bind('bind_transmitter', acme1, 'secret1')).toBe(0);
    const resp = await submit(tx, { registered_delivery: 1, short_message: 'later' });
    expect(resp.command_status).toBe(0);
    // delivered by the carrier while no bind of the account can receive
    await new Promise((r) => setTimeout(r, 500));
    expect(tx.delivered).toHaveLength(0);
    const rx = await open();
    expect(await rx.bind('bind_receiver', acme1, 'secret1')).toBe(0);
    const [receipt] = await rx.waitDelivered(1);
    expect(receipt.receipted_message_id).toBe(resp.message_id);
    await rx.close();
    const again = await open();
    expect(await again.bind('bind_receiver', acme1, 'secret1')).toBe(0);
    await new Promise((r) => setTimeout(r, 600));
    expect(again.delivered).toHaveLength(0);
    await Promise.all([tx.close(), again.close()]);
  });

  it('enforces tps with ESME_RTHROTTLED', async () => {
    const slow = (await account({ system_id: 'acme-slow', password: 'secret2', tps: 5 })).system_id;
    const c = await open();
    expect(await c.bind('bind_transmitter', slow, 'secret2')).toBe(0);
    const resps = await Promise.all(Array.from({ length: 20 }, () => submit(c)));
    const ok = resps.filter((r) => r.command_status === 0).length;
    const throttled = resps.filter((r) => r.command_status === E.ESME_RTHROTTLED).length;
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(7);
    expect(ok + throttled).toBe(20);
    await c.close();
  });

  it('refuses a disallowed address and a bind over max_binds', async () => {
    const vpn = (await account({ system_id: 'acme-vpn', password: 'secret3', allowed_ips: ['10.0.0.0/8'] })).system_id;
    const one = (
      await account({ system_id: 'acme-one', password: 'secret4', max_binds: 1, allowed_ips: ['127.0.0.0/8', '::1'] })
    ).system_id;
    const a = await open();
    expect(await a.bind('bind_transceiver', vpn, 'secret3')).toBe(E.ESME_RBINDFAIL);
    const b = await open();
    expect(await b.bind('bind_transceiver', one, 'secret4')).toBe(0);
    const binds = await t.app.inject({
      method: 'GET',
      url: api(`/smpp_account/${await accountId(one)}/binds`),
      headers: acme,
    });
    expect(binds.json().items).toEqual([
      expect.objectContaining({ bind_type: 'transceiver', remote_address: '127.0.0.1', submits: 0 }),
    ]);
    const c = await open();
    expect(await c.bind('bind_transceiver', one, 'secret4')).toBe(E.ESME_RBINDFAIL);
  });

  it('refuses a wrong password with ESME_RINVPASWD, then every bind from the address after five failures', async () => {
    const c = await open();
    expect(await c.bind('bind_transceiver', acme1, 'wrong!')).toBe(E.ESME_RINVPASWD);
    expect(await c.bind('bind_transceiver', 'nobody', 'secret1')).toBe(E.ESME_RINVPASWD);
    // two failures above and one in the test before (a disallowed address; the bind over max_binds had the right
    // password and does not count): the fifth refusal blocks the address
    expect(await c.bind('bind_transceiver', acme1, 'wrong!')).toBe(E.ESME_RINVPASWD);
    expect(await c.bind('bind_transceiver', acme1, 'wrong!')).toBe(E.ESME_RINVPASWD);
    expect(await c.bind('bind_transceiver', acme1, 'secret1')).toBe(E.ESME_RBINDFAIL);
  });

  const accountId = async (system_id: string) =>
    (
      await t.app.db
        .selectFrom('smpp_accounts')
        .select('smpp_account_uuid')
        .where('system_id', '=', system_id)
        .executeTakeFirstOrThrow()
    ).smpp_account_uuid;
});
