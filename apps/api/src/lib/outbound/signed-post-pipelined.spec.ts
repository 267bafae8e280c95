import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { OutboundPoster } from './signed-post';
import { statusFetch } from './status-fetch';

// Pipelined deliveries against a real endpoint on loopback: the requests share connections and system calls
// once the origin answered fast, and an endpoint that drops its connections loses no delivery.
describe('OutboundPoster with pipelining', () => {
  let server: Server;
  let base: string;
  /** requests seen per chunk the server read; connections; requests answered */
  let perRead: number[] = [];
  let connections = 0;
  let answered = 0;
  /** close the connection after each answer (an endpoint that does not keep connections or pipelines) */
  let closeAfterAnswer = false;
  /** the request with this body has its connection dropped unanswered, once */
  let dropBody: string | null = null;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        if (body === dropBody) {
          dropBody = null;
          return void req.socket.destroy();
        }
        answered++;
        if (closeAfterAnswer) res.setHeader('connection', 'close');
        res.statusCode = 204;
        res.end();
      });
    });
    server.on('connection', (s: Socket) => {
      connections++;
      s.on('data', (chunk: Buffer) => perRead.push(chunk.toString('latin1').split('POST /').length - 1));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    perRead = [];
    connections = 0;
    answered = 0;
    closeAfterAnswer = false;
    dropBody = null;
  });

  const poster = () =>
    new OutboundPoster({
      allowPrivate: true,
      timeoutMs: 5000,
      urlWords: 'The URL',
      fetch: statusFetch,
      pipelining: { depth: 8, connections: 2, policy: { promoteAfter: 5, fastMs: 1000, slowMs: 2000 } },
    });
  const sign = (id: string) => (ts: number) => ({ 'webhook-id': id, 'webhook-timestamp': String(ts) });
  /** n deliveries at once, as a dispatcher's pass makes them */
  const burst = (p: OutboundPoster, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => p.post(`${base}/hooks`, `{"i":${i}}`, sign(`msg_${i}`))));

  it('sends one request per connection at first, then several per connection and per read', async () => {
    const p = poster();
    const first = await burst(p, 5);
    expect(first.every((o) => o.ok)).toBe(true);
    // not yet pipelined: every read held one request
    expect(Math.max(...perRead)).toBe(1);
    perRead = [];
    connections = 0;
    const next = await burst(p, 40);
    await p.close();
    expect(next.every((o) => o.ok && o.status_code === 204)).toBe(true);
    expect(answered).toBe(45);
    // 40 requests over at most the two pipelined connections, many of them read together
    expect(connections).toBeLessThanOrEqual(2);
    expect(perRead.reduce((a, b) => a + b, 0)).toBe(40);
    expect(perRead.length).toBeLessThan(40);
  });

  it('delivers every request when the endpoint closes its connection after each answer', async () => {
    const p = poster();
    expect((await burst(p, 5)).every((o) => o.ok)).toBe(true);
    closeAfterAnswer = true;
    const outcomes = await burst(p, 40);
    // the pipelined requests behind each closed connection's answer are sent again, the one written first at
    // once on a connection of its own; and the origin is not pipelined afterwards
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    // at most what was pipelined when the first close came (two connections of 8) reached the endpoint twice
    expect(answered).toBeGreaterThanOrEqual(45);
    expect(answered).toBeLessThanOrEqual(45 + 16);
    perRead = [];
    const after = await burst(p, 10);
    await p.close();
    expect(after.every((o) => o.ok)).toBe(true);
    expect(Math.max(...perRead)).toBe(1);
  });

  it('never pipelines an endpoint that closes its connections', async () => {
    closeAfterAnswer = true;
    const p = poster();
    for (let i = 0; i < 3; i++) expect((await burst(p, 10)).every((o) => o.ok)).toBe(true);
    await p.close();
    expect(answered).toBe(30);
    expect(Math.max(...perRead)).toBe(1);
  });

  it('sends again at once what a dropped pipelined connection left unanswered, and stops pipelining', async () => {
    const p = poster();
    expect((await burst(p, 5)).every((o) => o.ok)).toBe(true);
    dropBody = '{"i":3}';
    const outcomes = await burst(p, 40);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(dropBody).toBeNull();
    perRead = [];
    expect((await burst(p, 10)).every((o) => o.ok)).toBe(true);
    await p.close();
    expect(Math.max(...perRead)).toBe(1);
  });
});
