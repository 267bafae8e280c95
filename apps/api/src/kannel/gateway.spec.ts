import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboundMessage } from '../lib/sms-gateway';
import { DLR_MASK, KannelGateway, KannelRefused } from './gateway';

const msg = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  sms_uuid: '0b6c7a44-5f0e-4c5e-9d4e-2f7f1c6f1a01',
  ani: '+12125552301',
  dnis: '+14155550111',
  text: 'Hi & bye',
  segments: 1,
  encoding: 'GSM-7',
  vendor_product_uuid: 'vp-1',
  ...over,
});

describe('the Kannel gateway adapter (against a stand-in smsbox)', () => {
  let server: Server;
  let answers: [number, string][];
  const seen: URL[] = [];
  const sockets = new Set<unknown>();
  let gw: KannelGateway;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(new URL(req.url ?? '', 'http://x'));
      const [code, body] = answers.shift() ?? [202, '0: Accepted for delivery'];
      res.writeHead(code).end(body);
    });
    server.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  });
  beforeEach(() => {
    answers = [];
    seen.length = 0;
    gw = new KannelGateway({
      sendsmsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/sendsms`,
      username: 'console',
      password: 'pw',
      callbackBase: 'http://127.0.0.1:3000/api_smsc/v1',
      secret: 'sec',
      maxMessages: 3,
      retryForMs: 1500,
      linkFor: (vp) => (vp === 'vp-1' ? 'carrier-a' : null),
    });
  });
  afterEach(() => gw.close());
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends one GET with our id in the dlr-url, the final report types asked for, and the link of the route', async () => {
    expect(await gw.submit(msg())).toEqual({ smsc_id: 'carrier-a' });
    const q = seen[0].searchParams;
    expect(seen[0].pathname).toBe('/cgi-bin/sendsms');
    expect(Object.fromEntries(q)).toMatchObject({
      username: 'console',
      password: 'pw',
      from: '+12125552301',
      to: '+14155550111',
      text: 'Hi & bye',
      smsc: 'carrier-a',
      'dlr-mask': '19',
    });
    expect(DLR_MASK).toBe(19);
    expect(q.get('dlr-url')).toBe(
      'http://127.0.0.1:3000/api_smsc/v1/gateway/dlr?secret=sec&id=0b6c7a44-5f0e-4c5e-9d4e-2f7f1c6f1a01&type=%d&smsc=%i&error=%F&reply=%A&time=%T',
    );
    expect(q.get('coding')).toBeNull();
    // UCS-2 asks Kannel for coding 2 from UTF-8; a route with no link leaves the choice to Kannel
    await gw.submit(msg({ text: 'Привет €', encoding: 'UCS-2', vendor_product_uuid: null }));
    expect(Object.fromEntries(seen[1].searchParams)).toMatchObject({ text: 'Привет €', coding: '2', charset: 'utf-8' });
    // Kannel would put the receipt text into %A as UTF-16 bytes for a UCS-2 message
    expect(seen[1].searchParams.get('dlr-url')).toMatch(/&error=%F&time=%T$/);
    expect(seen[1].searchParams.has('smsc')).toBe(false);
  });

  it('retries 503 (a restart) with backoff, then gives up; 403 Not routable is no_route', async () => {
    answers = [
      [503, 'restarting'],
      [503, 'restarting'],
    ];
    await gw.submit(msg());
    expect(seen).toHaveLength(3);
    expect(gw.retried).toBe(2);
    answers = [[403, 'Not routable. Do not try again.']];
    await expect(gw.submit(msg())).rejects.toMatchObject({
      reason: 'no_route',
      message: expect.stringContaining('no_route'),
    });
    answers = Array.from({ length: 20 }, () => [503, 'down'] as [number, string]);
    const t0 = Date.now();
    await expect(gw.submit(msg())).rejects.toThrow(/kept refusing \(503\)/);
    expect(Date.now() - t0).toBeLessThan(3000);
    answers = [[400, 'bad']];
    await expect(gw.submit(msg())).rejects.toBeInstanceOf(KannelRefused);
  });

  it('refuses a text longer than max-messages instead of letting Kannel cut it, without calling Kannel', async () => {
    await expect(gw.submit(msg({ segments: 4 }))).rejects.toMatchObject({ reason: 'too_long' });
    expect(seen).toHaveLength(0);
  });

  it('retries a refused connection (smsbox down) until the deadline', async () => {
    const down = new KannelGateway({
      sendsmsUrl: 'http://127.0.0.1:1/cgi-bin/sendsms',
      username: 'u',
      password: 'p',
      callbackBase: 'http://x',
      secret: 's',
      maxMessages: 3,
      retryForMs: 600,
      linkFor: () => null,
    });
    await expect(down.submit(msg())).rejects.toThrow(/ECONNREFUSED/);
    expect(down.retried).toBeGreaterThan(1);
    await down.close();
  });
});
