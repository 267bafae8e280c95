// The customer's endpoint of bench:webhooks, in a process of its own so the API process's CPU is the API's
// alone: counts every event by its webhook-id and keeps the messages a `delivered` event arrived for. Tells
// the parent its URL, then answers {report: true} with what it saw and its CPU since it started.
//
// WEBHOOK_LISTENER=lean (the default) reads HTTP/1.1 off the socket itself and answers every request a read
// brought in one write; =node is Node's http server (one write per answer, ~0.1 ms of CPU a message more).
// A real endpoint runs on machines of its own; here it shares the API's and PostgreSQL's two cores, so what it
// spends is taken from the bulk being measured. Its CPU is printed either way.
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ListenerReport {
  /** webhook-id → times received */
  seen: [string, number][];
  delivered: string[];
  /** ms since the parent's `since` mark (performance.timeOrigin-based) of the last event */
  lastAt: number;
  cpuMs: number;
  kind: string;
}

const KIND = process.env.WEBHOOK_LISTENER === 'node' ? 'node' : 'lean';
const seen = new Map<string, number>();
const delivered = new Set<string>();
let lastAt = 0;
const cpu0 = process.cpuUsage();

interface EventBody {
  id?: string;
  type: string;
  data: { sms_uuid?: string; id?: string; status?: string; events?: EventBody[] };
}

/** One event: counted by its id, and its message remembered when it says `delivered`. */
function count(id: string, event: EventBody): void {
  seen.set(id, (seen.get(id) ?? 0) + 1);
  if (event.data.status === 'delivered') delivered.add(String(event.data.sms_uuid ?? event.data.id));
}

/** One request: an event, or a batch whose events carry their own ids (a batch's own webhook-id is not counted). */
function received(id: string, body: string): void {
  const event = JSON.parse(body) as EventBody;
  if (event.type === 'webhook.batch') for (const e of event.data.events ?? []) count(String(e.id), e);
  else count(id, event);
  lastAt = performance.timeOrigin + performance.now();
}

function nodeServer(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received(String(req.headers['webhook-id']), Buffer.concat(chunks).toString());
      res.statusCode = 204;
      res.end();
    });
  });
}

const ANSWER = 'HTTP/1.1 204 No Content\r\n\r\n';
const HEAD_END = Buffer.from('\r\n\r\n');

/** The value of header `name` (lower case) in a request head, or null. */
function header(head: string, name: string): string | null {
  const at = head.toLowerCase().indexOf(`\r\n${name}:`);
  if (at < 0) return null;
  const end = head.indexOf('\r\n', at + 2);
  return head.slice(at + name.length + 3, end < 0 ? undefined : end).trim();
}

/** Requests with a content-length (what undici sends for a string body), answered together per read. */
function leanServer(): Server {
  return createTcpServer((socket: Socket) => {
    let buf: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      let answers = 0;
      for (;;) {
        const headEnd = buf.indexOf(HEAD_END);
        if (headEnd < 0) break;
        const head = buf.toString('latin1', 0, headEnd);
        const length = Number(header(head, 'content-length') ?? 0);
        const bodyStart = headEnd + HEAD_END.length;
        if (!Number.isInteger(length) || length < 0 || header(head, 'transfer-encoding') !== null) {
          // nothing the dispatcher sends; the bench then counts the events this connection carried as lost
          console.error(`webhook listener: a request it cannot read:\n${head}`);
          socket.destroy();
          return;
        }
        if (buf.length < bodyStart + length) break;
        received(String(header(head, 'webhook-id')), buf.toString('utf8', bodyStart, bodyStart + length));
        buf = buf.subarray(bodyStart + length);
        answers++;
      }
      if (answers) socket.write(ANSWER.repeat(answers));
    });
    socket.on('error', () => undefined);
  });
}

const server = KIND === 'node' ? nodeServer() : leanServer();
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
    kind: KIND,
  };
  process.send?.({ report }, () => {
    server.close(() => process.exit(0));
    // keep-alive connections the API has not closed yet would hold close() open
    setTimeout(() => process.exit(0), 500).unref();
  });
});
