// A third-party SMPP client as the customer: a real Kannel (bearerbox + smsbox, installed by the tests when
// missing) whose `smsc = smpp` group binds to our listener. A message sent through Kannel's sendsms goes
// through our pipeline to the carrier simulator, and its receipt comes back over SMPP to Kannel, which
// calls the dlr-url the sender gave.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureKannel, freePort, startBoxes, waitFor, type KannelBoxes } from '../kannel/stack';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { smppOf } from '.';

describe('Kannel as an SMPP customer of our listener', () => {
  let t: TestApp;
  let dir: string;
  let boxes: KannelBoxes | undefined;
  let dlrServer: Server;
  const dlrs: URLSearchParams[] = [];
  let sendsmsPort: number;
  let dlrPort: number;

  beforeAll(async () => {
    ensureKannel();
    t = await createTestApp({
      demoTraffic: true,
      messaging: { simLatencyMs: 50, simFailureRate: 0, simAutoDeliver: true },
    });
    const made = await t.app.inject({
      method: 'POST',
      url: api('/smpp_account'),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
      payload: { system_id: 'kannelcust', password: 'secret1', max_binds: 2, tps: 100 },
    });
    expect(made.statusCode).toBe(201);
    const systemId: string = made.json().smpp_account.system_id;
    dlrServer = createServer((req, res) => {
      dlrs.push(new URL(req.url ?? '/', 'http://x').searchParams);
      res.end('ok');
    });
    await new Promise<void>((r) => dlrServer.listen(0, '127.0.0.1', () => r()));
    dlrPort = (dlrServer.address() as AddressInfo).port;
    dir = mkdtempSync(path.join(tmpdir(), 'kannel-customer-'));
    const [adminPort, smsboxPort] = [await freePort(), await freePort()];
    sendsmsPort = await freePort();
    const conf = path.join(dir, 'kannel.conf');
    writeFileSync(
      conf,
      [
        'group = core',
        `admin-port = ${adminPort}`,
        'admin-password = "adm"',
        `smsbox-port = ${smsboxPort}`,
        `log-file = "${dir}/bearerbox.log"`,
        'log-level = 1',
        'dlr-storage = internal',
        '',
        'group = smsc',
        'smsc = smpp',
        'smsc-id = "platform"',
        'host = "127.0.0.1"',
        `port = ${smppOf(t.app).port}`,
        'transceiver-mode = true',
        `smsc-username = "${systemId}"`,
        'smsc-password = "secret1"',
        'system-type = ""',
        'source-addr-autodetect = true',
        'dest-addr-ton = 1',
        'dest-addr-npi = 1',
        'enquire-link-interval = 30',
        '',
        'group = smsbox',
        'bearerbox-host = "127.0.0.1"',
        `bearerbox-port = ${smsboxPort}`,
        `sendsms-port = ${sendsmsPort}`,
        `log-file = "${dir}/smsbox.log"`,
        'log-level = 1',
        '',
        'group = sendsms-user',
        'username = "cust"',
        'password = "custpass"',
        '',
        'group = sms-service',
        'keyword = default',
        'text = "ok"',
        'catch-all = true',
        'max-messages = 0',
        '',
      ].join('\n'),
    );
    boxes = await startBoxes({ dir, conf, adminPort, smsboxPort, sendsmsPort });
    // Kannel's smsc group has bound to us
    await waitFor('Kannel bound to the listener', async () =>
      smppOf(t.app)
        .binds.all()
        .some((b) => b.system_id === systemId),
    );
  }, 300_000);
  afterAll(async () => {
    await boxes?.stop();
    await t?.close();
    await new Promise((r) => dlrServer?.close(r));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends through Kannel’s sendsms to the simulator, and the receipt comes back to Kannel’s dlr-url', async () => {
    const dlrUrl = `http://127.0.0.1:${dlrPort}/dlr?type=%d&reply=%A&smsc=%i`;
    const q = new URLSearchParams({
      username: 'cust',
      password: 'custpass',
      from: '+12125552301',
      to: '+14155550111',
      text: 'Hello from Kannel',
      'dlr-mask': '3',
      'dlr-url': dlrUrl,
    });
    const res = await fetch(`http://127.0.0.1:${sendsmsPort}/cgi-bin/sendsms?${q}`);
    expect(res.status).toBe(202);
    await waitFor('the delivered receipt at the dlr-url', async () => dlrs.some((d) => d.get('type') === '1'));
    const sms = await t.app.db
      .selectFrom('sms')
      .select(['sms_uuid', 'status', 'ani', 'dnis'])
      .where('text', '=', 'Hello from Kannel')
      .executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ status: 'delivered', ani: '+12125552301', dnis: '+14155550111' });
    const delivered = dlrs.find((d) => d.get('type') === '1') as URLSearchParams;
    expect(delivered.get('smsc')).toBe('platform');
    expect(delivered.get('reply')).toContain(`id:${sms.sms_uuid}`);
    expect(delivered.get('reply')).toContain('stat:DELIVRD');
  });
});
