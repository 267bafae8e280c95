// The customer's endpoint of bench:webhooks, in a process of its own so the API process's CPU is the API's
// alone: counts every event by its webhook-id and keeps the messages a `delivered` event arrived for. Tells
// the parent its URL, then answers {report: true} with what it saw and its CPU since it started.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ListenerReport {
  /** webhook-id → times received */
  seen: [string, number][];
  delivered: string[];
  /** ms since the parent's `since` mark (performance.timeOrigin-based) of the last event */
  lastAt: number;
  cpuMs: number;
}

const seen = new Map<string, number>();
const delivered = new Set<string>();
let lastAt = 0;
const cpu0 = process.cpuUsage();
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    seen.set(id, (seen.get(id) ?? 0) + 1);
    const event = JSON.parse(Buffer.concat(chunks).toString()) as {
      data: { sms_uuid?: string; id?: string; status?: string };
    };
    if (event.data.status === 'delivered') delivered.add(String(event.data.sms_uuid ?? event.data.id));
    lastAt = performance.timeOrigin + performance.now();
    res.statusCode = 204;
    res.end();
  });
});
server.listen(0, '127.0.0.1', () =>
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` }),
);
process.on('message', (m: { report?: true }) => {
  if (!m.report) return;
  const cpu = process.cpuUsage(cpu0);
  const report: ListenerReport = {
    seen: [...seen],
    delivered: [...delivered],
    lastAt,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.send?.({ report }, () => server.close(() => process.exit(0)));
});
