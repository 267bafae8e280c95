// The processes of bench:smpp-hostile (smpp-hostile.ts): one role each, told over IPC, answering with counts.
//   idle    N connections to the SMPP port that never send a byte, from many 127.x.y.z addresses, held until stop
//   slow    connections that bind, then write enquire_links and never read what comes back
//   burst   concurrent binds with wrong passwords to one existing system_id, from one address
//   tenant  another company: GET /home over HTTP (a fresh connection each time) and a bound session submitting
// Several processes hold the idle connections: a file descriptor each, on top of the server's own.
import http from 'node:http';
import { bind, COMMANDS, enquireLink, messageIdOf, submit } from '../../apps/api/src/smpp/fuzz/frames';
import { RawConn, sleep } from '../../apps/api/src/smpp/fuzz/wire';

export type HostileJob =
  | { role: 'idle'; port: number; count: number; block: number; addresses: number }
  | { role: 'slow'; port: number; count: number; system_id: string; password: string }
  | { role: 'burst'; port: number; count: number; system_id: string }
  | {
      role: 'tenant';
      port: number;
      httpPort: number;
      homePath: string;
      token: string;
      system_id: string;
      password: string;
      ani: string;
      dnis: string;
      window: number;
    };

export interface Sample {
  /** Date.now() when it started */
  at: number;
  ms: number;
  ok: boolean;
}

const HOST = '127.0.0.1';
const send = (m: unknown) => process.send?.(m);
let stopping = false;
const stopped = new Promise<void>((resolve) =>
  process.on('message', (m: { stop?: true }) => {
    if (m.stop) {
      stopping = true;
      resolve();
    }
  }),
);

async function idle(job: Extract<HostileJob, { role: 'idle' }>) {
  const conns: RawConn[] = [];
  let connected = 0;
  let failed = 0;
  const started = Date.now();
  const address = (i: number) => `127.${job.block}.${Math.floor((i % job.addresses) / 250)}.${(i % 250) + 2}`;
  const progress = setInterval(
    () => send({ progress: { connected, failed, after_s: Math.round((Date.now() - started) / 1000) } }),
    5000,
  );
  // IN_FLIGHT connects at a time: as fast as the listener accepts them, without a SYN flood of our own
  let next = 0;
  const IN_FLIGHT = 500;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (!stopping && next < job.count) {
        const c = new RawConn({ host: HOST, port: job.port, localAddress: address(next++) });
        conns.push(c);
        if (await c.opened) connected++;
        else failed++;
      }
    }),
  );
  clearInterval(progress);
  send({ progress: { connected, failed, all_tried_after_s: Math.round((Date.now() - started) / 1000) } });
  await stopped;
  const openAtEnd = conns.filter((c) => !c.closed && c.socket.readyState === 'open').length;
  for (const c of conns) c.destroy();
  return { attempted: next, connected, failed, closedByServer: connected - openAtEnd, openAtEnd };
}

async function slow(job: Extract<HostileJob, { role: 'slow' }>) {
  const batch = Buffer.concat(Array.from({ length: 1000 }, (_, i) => enquireLink(i + 1)));
  let written = 0;
  const conns = Array.from(
    { length: job.count },
    (_, i) => new RawConn({ host: HOST, port: job.port, localAddress: `127.0.6.${i + 2}` }),
  );
  const opened = (await Promise.all(conns.map((c) => c.opened))).filter(Boolean).length;
  // bound first, so what closes them is the write-buffer limit, not the session-init timer
  let bound = 0;
  await Promise.all(
    conns.map(async (c) => {
      c.write(bind('bind_transceiver', job.system_id, job.password, 1));
      if ((await c.waitFor((a) => a.seq === 1, 30_000))?.status === 0) bound++;
      c.stopReading();
    }),
  );
  send({ progress: { bound } });
  const closedAt: number[] = [];
  const started = Date.now();
  for (const c of conns) c.socket.once('close', () => closedAt.push(Date.now() - started));
  while (!stopping && conns.some((c) => !c.closed)) {
    for (const c of conns)
      // what the kernel takes: the pile-up must be the server's, not this process's
      if (!c.closed && c.socket.writableLength < 1 << 20) {
        c.write(batch);
        written += batch.length;
      }
    await sleep(5);
  }
  for (const c of conns) c.destroy();
  return { connections: job.count, opened, bound, bytesWritten: written, closedByServerAfterMs: closedAt };
}

async function burst(job: Extract<HostileJob, { role: 'burst' }>) {
  const started = performance.now();
  const statuses: Record<string, number> = {};
  let last = 0;
  await Promise.all(
    Array.from({ length: job.count }, async (_, i) => {
      const c = new RawConn({ host: HOST, port: job.port, localAddress: '127.0.5.2' });
      if (!(await c.opened)) return void (statuses['refused connection'] = (statuses['refused connection'] ?? 0) + 1);
      c.write(bind('bind_transceiver', job.system_id, `guess${i}`, 1));
      // a guess still unanswered when the attack ends is counted as such
      const a = await Promise.race([c.waitFor((x) => x.seq === 1, 120_000), stopped.then(() => null)]);
      const key = a ? `0x${a.status.toString(16)}` : c.closed ? 'closed unanswered' : 'unanswered';
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (a) last = performance.now() - started;
      c.destroy();
    }),
  );
  return { guesses: job.count, statuses, lastAnswerAfterMs: Math.round(last) };
}

function getHome(job: Extract<HostileJob, { role: 'tenant' }>): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: HOST,
        port: job.httpPort,
        path: job.homePath,
        agent: false,
        headers: { authorization: `Bearer ${job.token}` },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function tenant(job: Extract<HostileJob, { role: 'tenant' }>) {
  const home: Sample[] = [];
  const submits: Sample[] = [];
  const homeLoop = async () => {
    while (!stopping) {
      const at = Date.now();
      const t0 = performance.now();
      const ok = await getHome(job);
      home.push({ at, ms: performance.now() - t0, ok });
      await sleep(100);
    }
  };
  let rebinds = 0;
  const submitLoop = async () => {
    let seq = 1;
    while (!stopping) {
      const c = new RawConn({ host: HOST, port: job.port });
      if (await c.opened) {
        c.write(bind('bind_transmitter', job.system_id, job.password, seq));
        const b = await c.waitFor((a) => a.seq === seq, 30_000);
        seq++;
        if (b?.status === 0) {
          // `window` submits outstanding, each answered before the next takes its place
          await Promise.all(
            Array.from({ length: job.window }, async () => {
              while (!stopping && !c.closed) {
                const s = seq++;
                const at = Date.now();
                const t0 = performance.now();
                c.write(submit({ source_addr: job.ani, destination_addr: job.dnis, short_message: `tenant ${s}` }, s));
                const a = await c.waitFor((x) => x.seq === s, 30_000);
                const ok = a?.id === COMMANDS.submit_sm_resp && a.status === 0 && !!messageIdOf(a.body);
                submits.push({ at, ms: performance.now() - t0, ok });
                if (a) c.answers.splice(c.answers.indexOf(a), 1);
              }
            }),
          );
        }
      }
      c.destroy();
      if (!stopping) {
        rebinds++;
        await sleep(200);
      }
    }
  };
  // a fresh connection and bind every second: can the tenant still come in (a restart, a second bind)?
  const binds: Sample[] = [];
  const bindLoop = async () => {
    let seq = 1_000_000;
    while (!stopping) {
      const at = Date.now();
      const t0 = performance.now();
      const c = new RawConn({ host: HOST, port: job.port });
      let ok = false;
      if (await c.opened) {
        const s = seq++;
        c.write(bind('bind_transmitter', job.system_id, job.password, s));
        ok = (await c.waitFor((a) => a.seq === s, 30_000))?.status === 0;
      }
      binds.push({ at, ms: performance.now() - t0, ok });
      c.destroy();
      await sleep(1000);
    }
  };
  await Promise.all([homeLoop(), submitLoop(), bindLoop()]);
  return { home, submits, binds, rebinds };
}

process.once('message', (job: HostileJob) => {
  const run = { idle, slow, burst, tenant }[job.role] as (j: HostileJob) => Promise<unknown>;
  run(job).then(
    (result) => process.send?.({ result }, () => process.disconnect?.()),
    (e: Error) => process.send?.({ error: e.stack ?? e.message }, () => process.disconnect?.()),
  );
});
