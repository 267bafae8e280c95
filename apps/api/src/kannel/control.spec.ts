import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GatewayConnection } from '../catalog/smsc/gateway-control';
import { randomBytes } from 'node:crypto';
import { secretBox } from '../lib/secret-box';
import { KannelControl } from './control';

const box = secretBox(randomBytes(32), 'smsc_connections.password');

const conn = (smsc_id: string, over: Partial<GatewayConnection> = {}): GatewayConnection => ({
  smsc_connection_uuid: smsc_id,
  smsc_id,
  vendor_uuid: null,
  api_adapter_id: 'smpp',
  host: '127.0.0.1',
  port: 2775,
  system_id: 'acct',
  password: box.seal('pw-1'),
  system_type: null,
  url: null,
  throughput: null,
  ...over,
});

describe("applying SMSC connections through Kannel's admin interface (a stand-in bearerbox)", () => {
  let server: Server;
  let dir: string;
  const calls: string[] = [];
  let deny = false;
  let control: KannelControl;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      calls.push(`${url.pathname.slice(1)}${url.searchParams.get('smsc') ? ` ${url.searchParams.get('smsc')}` : ''}`);
      if (deny || url.searchParams.get('password') !== 'adm') return void res.end('Denied');
      res.end(
        url.pathname === '/status.xml'
          ? '<gateway><status>running, uptime 3s</status><smscs><smsc><id>_idle</id><status>online 3s</status></smsc><smsc><id>a</id><status>online 3s</status><queued>2</queued></smsc></smscs></gateway>'
          : 'Done',
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    dir = mkdtempSync(path.join(tmpdir(), 'kannel-control-'));
    const port = (server.address() as AddressInfo).port;
    control = new KannelControl({
      confPath: path.join(dir, 'kannel.conf'),
      adminUrl: `http://127.0.0.1:${port}`,
      openPassword: (s) => box.open(s),
      layout: {
        adminPort: port,
        adminPassword: 'adm',
        statusPassword: 'adm',
        smsboxPort: 1,
        sendsmsPort: 2,
        sendsmsUser: 'u',
        sendsmsPassword: 'p',
        callbackBase: 'http://127.0.0.1:3000/api_smsc/v1',
        gatewaySecret: 's',
        dataDir: dir,
        maxMessages: 10,
        window: 500,
      },
    });
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('restarts Kannel the first time, then touches only the links that changed', async () => {
    expect((await control.restart([conn('a'), conn('b')])).message).toMatch(
      /Kannel restarted .*2 link\(s\) configured/,
    );
    expect(calls.splice(0)).toEqual(['restart']);
    const file = path.join(dir, 'kannel.conf');
    expect(readFileSync(file, 'utf8')).toContain('smsc-password = "pw-1"');
    // the file holds passwords: the owner alone reads it
    expect(statSync(file).mode & 0o077).toBe(0);
    expect((await control.restart([conn('a'), conn('b')])).message).toMatch(/^nothing changed/);
    expect(calls.splice(0)).toEqual([]);
    const done = await control.restart([
      conn('a', { password: box.seal('pw-2') }),
      conn('c'),
      conn('web', { api_adapter_id: 'http', url: 'https://x' }),
    ]);
    expect(calls.splice(0)).toEqual(['remove-smsc b', 'stop-smsc a', 'start-smsc a', 'add-smsc c']);
    expect(done.message).toMatch(/added c; re-bound a; removed b: 2 link\(s\) configured\. Not carried by Kannel: web/);
    expect(done.message).not.toContain('pw-2');
    expect([...control.configuredLinks]).toEqual(['a', 'c']);
  });

  it('a Kannel that refuses answers 502 (the file is written for its next start); health leaves out the idle link', async () => {
    deny = true;
    await expect(control.restart([conn('a', { password: box.seal('pw-3') })])).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringContaining('not applied'),
    });
    deny = false;
    const h = await control.status();
    expect(h).toMatchObject({ gateway: 'kannel', reachable: true, uptime: '3s' });
    expect(h.links.map((l) => [l.smsc_id, l.state, l.queued])).toEqual([['a', 'online', 2]]);
    deny = true;
    expect(await control.status()).toMatchObject({
      reachable: false,
      message: expect.stringContaining('denied'),
      links: [],
    });
    deny = false;
  });

  it('opens the sealed passwords only into kannel.conf; one that does not open stops the restart with 409 and changes nothing', async () => {
    const file = path.join(dir, 'kannel.conf');
    await control.restart([conn('a', { password: box.seal('pw-4') })]);
    calls.splice(0);
    const before = readFileSync(file, 'utf8');
    expect(before).toContain('smsc-password = "pw-4"');
    expect(before).not.toContain('enc:v1:');
    const other = secretBox(randomBytes(32), 'smsc_connections.password');
    await expect(
      control.restart([conn('a', { password: other.seal('pw-5') }), conn('b', { password: 'plain' })]),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/a, b cannot be decrypted/) });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(calls).toEqual([]);
  });
});
