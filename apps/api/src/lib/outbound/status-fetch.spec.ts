import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { statusFetch } from './status-fetch';

// statusFetch stands in for undici's fetch in the outbound deliveries: the same outcomes, one pooled connection.
describe('statusFetch', () => {
  let server: Server;
  let base: string;
  const sockets = new Set<unknown>();
  const agent = new Agent();
  const got: { method?: string; url?: string; body: string; sig?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ method: req.method, url: req.url, body, sig: req.headers['x-sig'] as string });
        if (req.url === '/slow') return void setTimeout(() => res.end(), 500);
        if (req.url === '/big') return void res.end('x'.repeat(1024 * 1024));
        res.statusCode = req.url === '/gone' ? 410 : 204;
        res.end(req.url === '/gone' ? 'a body the caller never reads' : undefined);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await agent.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('posts the body and headers and answers the status, over kept-alive connections', async () => {
    const post = (path: string) =>
      statusFetch(`${base}${path}`, { dispatcher: agent, method: 'POST', body: '{"a":1}', headers: { 'x-sig': 's' } });
    const first = await post('/in?x=1');
    const second = await post('/gone');
    expect([first.status, first.ok, second.status, second.ok]).toEqual([204, true, 410, false]);
    expect(got.slice(0, 2)).toEqual([
      { method: 'POST', url: '/in?x=1', body: '{"a":1}', sig: 's' },
      { method: 'POST', url: '/gone', body: '{"a":1}', sig: 's' },
    ]);
    for (let i = 0; i < 6; i++) await post('/again');
    // the pool may open a second connection while the first is being handed back, never one per request
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it('answers the status of an endless body without reading it all, and the pool goes on', async () => {
    const post = (path: string) => statusFetch(`${base}${path}`, { dispatcher: agent, method: 'POST', body: '' });
    expect((await post('/big')).status).toBe(200);
    expect((await post('/again')).status).toBe(204);
  });

  it('fails as fetch does: a network error as "fetch failed" with its cause, a timeout as the signal’s reason', async () => {
    const refused = await statusFetch('http://127.0.0.1:9/x', { dispatcher: agent, method: 'POST', body: '' }).catch(
      (e: TypeError & { cause?: { code?: string } }) => e,
    );
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).message).toBe('fetch failed');
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    const slow = await statusFetch(`${base}/slow`, {
      dispatcher: agent,
      method: 'POST',
      body: '',
      signal: AbortSignal.timeout(50),
    }).catch((e: Error) => e);
    expect((slow as Error).name).toBe('TimeoutError');
    await expect(statusFetch('http://u:p@127.0.0.1:9/', { dispatcher: agent })).rejects.toThrow(/credentials/);
  });
});
