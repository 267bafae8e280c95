// The scale-out test's carrier: answers Kannel's sendsms like smsbox ("0: Accepted for delivery") and
// calls each message's dlr-url back twice, as Kannel did with dlr-mask 31 (a receipt that moves nothing must not
// disturb the final one): "accepted by the SMSC" (type 8) 20 ms later, then "delivered" (type 1) 20 ms after that (order not guaranteed, as with Kannel). The receipts go round the live
// nodes, as a proxy in front of them would spread Kannel's calls; a failed call is tried again on the
// next node; receipts go to the nodes that are up, and a node the test killed (gone) is skipped from then on. Counts hand-overs by sending node (its port is in the dlr-url),
// receipts by receiving node and messages handed over twice, and notes which node sent the latest
// scheduled message (the leader of that role) and the latest bulk message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startCarrier() {
  const nodePorts: number[] = [];
  const byNode = new Map<number, number>();
  const receiptsByNode = new Map<number, number>();
  const seen = new Map<string, number>();
  // when each scheduled message reached the carrier ("went out"), by message id
  const arrivals = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 48 });
  const dead = new Set<number>();
  const state = { scheduledBy: 0, bulkBy: 0 };
  let next = 0;
  const figures = { pending: 0, sent: 0, retried: 0, lastError: '' };
  let closing = false;

  const get = (port: number, p: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: p, agent, timeout: 5000 }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode && res.statusCode < 500 ? resolve() : reject(new Error(`${res.statusCode}`)),
        );
        res.on('close', () => reject(new Error('closed before the answer')));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
    });

  // receipts wait in a queue that a fixed number of callers work off, so a flood of them never starves
  // the sendsms answers of this one thread (their delay would count against the nodes)
  const queue: string[] = [];
  let callers = 0;
  const CALLERS = 96;
  function receipt(dlr: URL, id: string, type: 1 | 8) {
    queue.push(
      `${dlr.pathname}${dlr.search}`
        .replace('%d', String(type))
        .replace('%i', 'sim')
        .replace('%F', '')
        .replace('%A', encodeURIComponent(type === 1 ? `id:${id} stat:DELIVRD err:000` : 'ACK/'))
        .replace('%T', String(Math.floor(Date.now() / 1000))),
    );
    figures.pending = queue.length + callers;
    while (callers < CALLERS && queue.length) void caller();
  }

  async function caller() {
    callers++;
    try {
      for (let p = queue.shift(); p !== undefined && !closing; p = queue.shift()) await deliver(p);
    } finally {
      callers--;
      figures.pending = queue.length + callers;
    }
  }

  async function deliver(p: string) {
    for (let tries = 0; !closing && tries < 600; tries++) {
      const live = nodePorts.filter((n) => !dead.has(n));
      const port = live[next++ % live.length];
      try {
        await get(port, p);
        receiptsByNode.set(port, (receiptsByNode.get(port) ?? 0) + 1);
        figures.sent++;
        return;
      } catch (e) {
        figures.retried++;
        figures.lastError = (e as Error).message;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://carrier');
    if (u.pathname !== '/cgi-bin/sendsms') {
      res.end('');
      return;
    }
    const dlr = new URL(u.searchParams.get('dlr-url') ?? '');
    const id = dlr.searchParams.get('id') ?? '';
    const from = Number(dlr.port);
    byNode.set(from, (byNode.get(from) ?? 0) + 1);
    if (u.searchParams.get('text')?.includes('scheduled')) state.scheduledBy = from;
    else state.bulkBy = from;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    if (u.searchParams.get('text')?.includes('scheduled')) arrivals.set(id, Date.now());
    res.writeHead(202).end('0: Accepted for delivery');
    setTimeout(() => receipt(dlr, id, 8), 20);
    setTimeout(() => receipt(dlr, id, 1), 40);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    byNode,
    receiptsByNode,
    state,
    figures,
    arrivals,
    /** a node listens on this port now: receipts may go there */
    up: (port: number) => void nodePorts.push(port),
    /** the test killed the node on this port: no receipt goes there any more */
    gone: (port: number) => dead.add(port),
    twice: () => [...seen.values()].filter((n) => n > 1).length,
    async close() {
      closing = true;
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
