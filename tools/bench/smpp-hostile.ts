// The SMPP port under the attack of issue 43, and what another tenant sees meanwhile. The API runs here (HTTP
// and SMPP on free ports, production password hashing); other processes (smpp-hostile-client.ts) then, all at
// once: HOSTILE_IDLE idle connections (20,000, over HOSTILE_IDLE_PROCS processes, from HOSTILE_IDLE_ADDRESSES
// source addresses each), HOSTILE_SLOW slow readers (4: bound, then enquire_links written, answers never read) and a
// HOSTILE_BURST-guess concurrent bind burst (200, wrong passwords for an existing system_id, one address).
// Meanwhile Acme, another company, samples GET /home over HTTP (a fresh connection every 100 ms) and keeps a
// bound session submitting (HOSTILE_WINDOW outstanding). Printed: GET /home p50/p95/max and submits/s with
// errors, alone (HOSTILE_BASELINE_S) and under attack (HOSTILE_ATTACK_S), what became of each attack, the
// server's memory, and the goal: GET /home p95 < 300 ms and the bound session kept submitting.
// The server keeps the shell's file limit (`ulimit -n`; 20,000 on the reference machine): what runs out there
// is what ran out in production. Every client process stays well under it.
// PostgreSQL by default (BENCH_DATABASE_URL, DATABASE_URL or a local bench_smpp_hostile); HOSTILE_MODE=pglite.
// Usage: npm run bench:smpp-hostile
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { API_PREFIX } from '@smsc/shared-contract';
import { smppOf } from '../../apps/api/src/smpp';
import { machineLine, percentile, startBenchApp } from './support';
import type { HostileJob, Sample } from './smpp-hostile-client';

const env = process.env;
const IDLE = Number(env.HOSTILE_IDLE ?? 20_000);
const IDLE_PROCS = Number(env.HOSTILE_IDLE_PROCS ?? 4);
const IDLE_ADDRESSES = Number(env.HOSTILE_IDLE_ADDRESSES ?? 250);
const SLOW = Number(env.HOSTILE_SLOW ?? 4);
const BURST = Number(env.HOSTILE_BURST ?? 200);
const WINDOW = Number(env.HOSTILE_WINDOW ?? 10);
const BASELINE_S = Number(env.HOSTILE_BASELINE_S ?? 10);
const ATTACK_S = Number(env.HOSTILE_ATTACK_S ?? 60);
const MODE = env.HOSTILE_MODE ?? 'postgres';
const PG_URL = env.BENCH_DATABASE_URL || env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_smpp_hostile';
const log = (s: string) => console.error(s);

interface Worker {
  child: ChildProcess;
  result: Promise<unknown>;
  stop(): void;
}

function start(job: HostileJob, onProgress?: (p: unknown) => void): Worker {
  const child = fork(path.join(__dirname, 'smpp-hostile-client.ts'), { execArgv: process.execArgv });
  const result = new Promise((resolve, reject) => {
    child.on('message', (m: { result?: unknown; error?: string; progress?: unknown }) => {
      if (m.progress) onProgress?.(m.progress);
      else if (m.result) resolve(m.result);
      else if (m.error) reject(new Error(`${job.role}: ${m.error}`));
    });
    // its last message may be read after its exit
    child.on('exit', (code) => setTimeout(() => reject(new Error(`${job.role} client exited with ${code}`)), 1000));
  });
  // read when all are done; an early end of one is reported then, not as an unhandled rejection meanwhile
  result.catch(() => undefined);
  child.send(job);
  return { child, result, stop: () => child.connected && child.send({ stop: true }) };
}

const fileLimit = () => /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? '?';
const ms = (n: number) => n.toFixed(0);

function homeLine(samples: Sample[]) {
  const ok = samples.filter((s) => s.ok).map((s) => s.ms);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  if (!all.length) return { p95: Infinity, text: 'no samples' };
  const p95 = percentile(all, 95);
  return {
    p95,
    text: `GET /home p50 ${ms(percentile(all, 50))} ms, p95 ${ms(p95)} ms, max ${ms(all[all.length - 1])} ms (${samples.length} requests, ${samples.length - ok.length} failed)`,
  };
}

function submitLine(samples: Sample[], seconds: number) {
  const ok = samples.filter((s) => s.ok);
  const lat = ok.map((s) => s.ms).sort((a, b) => a - b);
  return {
    rate: ok.length / seconds,
    text:
      `bound session ${(ok.length / seconds).toFixed(0)} submits/s (${ok.length} accepted, ${samples.length - ok.length} errors` +
      (lat.length ? `; submit_sm_resp p95 ${ms(percentile(lat, 95))} ms, max ${ms(lat[lat.length - 1])} ms)` : ')'),
  };
}

async function main() {
  const bench = await startBenchApp(
    MODE,
    'smpp_hostile',
    {
      smpp: { port: 0, tlsPort: false },
      messaging: { gatewaySecret: 'bench', simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true },
    },
    PG_URL,
  );
  const { app } = bench;
  const rss = { start: 0, peak: 0 };
  // the listener's own figures (what /metrics shows): connections it holds, and what its limits closed
  const smppFigures = () => app.ops.sources.smpp?.();
  let peakConnections = 0;
  const meter = setInterval(() => {
    rss.peak = Math.max(rss.peak, process.memoryUsage().rss);
    peakConnections = Math.max(peakConnections, smppFigures()?.connections ?? 0);
  }, 200);
  const workers: Worker[] = [];
  try {
    await bench.fundCompany('Acme', 1_000_000_000_000n);
    const acme = await bench.signIn('acme-admin@example.com');
    const globex = await bench.signIn('globex-admin@example.com');
    // the server forms the system_id from the one asked for (a prefix and 4 random characters)
    const account = async (headers: Record<string, string>, body: object): Promise<string> => {
      const made = await app.inject({ method: 'POST', url: `${API_PREFIX}/smpp_account`, headers, payload: body });
      if (made.statusCode !== 201) throw new Error(`account: ${made.statusCode} ${made.body}`);
      return made.json().smpp_account.system_id;
    };
    // the platform's tps ceiling (SMPP_TPS_CEILING, 1,000 by default) is far above what the tenant reaches here
    const acmeId = await account(acme, { system_id: 'acmeload', password: 'acme-p1', max_binds: 8, tps: 1000 });
    // the burst guesses at a system_id that exists (Globex's): each guess reaches the password check
    const burstId = await account(globex, { system_id: 'gxbind', password: 'gx-pass1', max_binds: 4, tps: 100 });
    // the slow readers bind first (an account of their own: the burst's guesses may lock gxbind)
    const slowId = await account(globex, { system_id: 'gxslow', password: 'gx-slow1', max_binds: SLOW, tps: 100 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = smppOf(app).port as number;
    const httpPort = (app.server.address() as AddressInfo).port;
    rss.start = process.memoryUsage().rss;
    log(`server: HTTP ${httpPort}, SMPP ${port}, file limit ${fileLimit()}, ${machineLine()}`);

    const tenant = start({
      role: 'tenant',
      port,
      httpPort,
      homePath: `${API_PREFIX}/home`,
      token: acme.authorization.slice('Bearer '.length),
      system_id: acmeId,
      password: 'acme-p1',
      ani: '12125552301',
      dnis: '14155550111',
      window: WINDOW,
    });
    workers.push(tenant);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, BASELINE_S * 1000));
    const attackAt = Date.now();
    log(`attack: ${IDLE} idle connections, ${SLOW} slow readers, a ${BURST}-guess bind burst`);
    const per = Math.ceil(IDLE / IDLE_PROCS);
    // the slow readers and the burst connect first (an attacker would): a listener whose connection cap is
    // already full of idle connections closes theirs at once, and they would test nothing
    let slowBound: () => void = () => undefined;
    const slowIn = new Promise<void>((r) => (slowBound = r));
    const slow = start({ role: 'slow', port, count: SLOW, system_id: slowId, password: 'gx-slow1' }, slowBound);
    const burst = start({ role: 'burst', port, count: BURST, system_id: burstId });
    await Promise.race([slowIn, new Promise((r) => setTimeout(r, 3000))]);
    const idle = Array.from({ length: IDLE_PROCS }, (_, p) =>
      start(
        { role: 'idle', port, count: Math.min(per, IDLE - p * per), block: 10 + p, addresses: IDLE_ADDRESSES },
        (pr) => log(`idle process ${p}: ${JSON.stringify(pr)} after ${((Date.now() - attackAt) / 1000).toFixed(1)} s`),
      ),
    );
    workers.push(...idle, slow, burst);
    await new Promise((r) => setTimeout(r, ATTACK_S * 1000));
    const attackEnd = Date.now();
    for (const w of workers) w.stop();
    const [t, idleR, slowR, burstR] = await Promise.all([
      tenant.result as Promise<{ home: Sample[]; submits: Sample[]; binds: Sample[]; rebinds: number }>,
      Promise.all(idle.map((w) => w.result)) as Promise<Record<string, number>[]>,
      slow.result,
      burst.result,
    ]);
    const within = (s: Sample[], a: number, b: number) => s.filter((x) => x.at >= a && x.at < b);
    const baseHome = homeLine(within(t.home, t0, attackAt));
    const baseSubmit = submitLine(within(t.submits, t0, attackAt), (attackAt - t0) / 1000);
    const atkHome = homeLine(within(t.home, attackAt, attackEnd));
    const atkSubmit = submitLine(within(t.submits, attackAt, attackEnd), (attackEnd - attackAt) / 1000);
    const bindLine = (b: Sample[]) => {
      const lat = b
        .filter((x) => x.ok)
        .map((x) => x.ms)
        .sort((x, y) => x - y);
      return (
        `fresh binds ${lat.length} of ${b.length} accepted` + (lat.length ? ` (p95 ${ms(percentile(lat, 95))} ms)` : '')
      );
    };
    const sum = (k: string) => idleR.reduce((a, r) => a + r[k], 0);
    // submitting all along: accepted submits in every 5 s of the attack
    const gaps = Array.from(
      { length: Math.floor(ATTACK_S / 5) },
      (_, i) => within(t.submits, attackAt + i * 5000, attackAt + (i + 1) * 5000).filter((s) => s.ok).length,
    );
    const kept = gaps.every((n) => n > 0);
    const homeGaps = Array.from({ length: Math.floor(ATTACK_S / 5) }, (_, i) => {
      const w = within(t.home, attackAt + i * 5000, attackAt + (i + 1) * 5000)
        .map((x) => x.ms)
        .sort((a, b) => a - b);
      return w.length ? ms(percentile(w, 95)) : '–';
    });
    console.log(
      [
        `bench:smpp-hostile [${bench.mode}], server file limit ${fileLimit()}, ${machineLine()}`,
        `alone (${BASELINE_S} s):          ${baseHome.text}; ${baseSubmit.text}; ${bindLine(within(t.binds, t0, attackAt))}`,
        `under attack (${ATTACK_S} s):  ${atkHome.text}; ${atkSubmit.text}; session lost and bound again ${t.rebinds} times; ${bindLine(within(t.binds, attackAt, attackEnd))}`,
        `  per 5 s of the attack: accepted submits ${gaps.join(', ')}; GET /home p95 ms ${homeGaps.join(', ')}; fresh binds accepted ${Array.from(
          { length: Math.floor(ATTACK_S / 5) },
          (_, i) => {
            const w = within(t.binds, attackAt + i * 5000, attackAt + (i + 1) * 5000);
            return `${w.filter((x) => x.ok).length}/${w.length}`;
          },
        ).join(', ')}`,
        `listener (server side): peak ${peakConnections} connections open; ${JSON.stringify(smppFigures() ?? {})}`,
        `idle (client side; a connection the kernel completed may still wait in the accept queue): ${sum('attempted')} of ${IDLE} attempted from ${IDLE_PROCS * IDLE_ADDRESSES} addresses, ${sum('connected')} connected, ${sum('failed')} refused or failed, ` +
          `${sum('closedByServer')} closed by the server, ${sum('openAtEnd')} still open at the end`,
        `slow readers: ${JSON.stringify(slowR)}`,
        `bind burst: ${JSON.stringify(burstR)}`,
        `server memory: ${(rss.start / 2 ** 20).toFixed(0)} MB before the attack, peak ${(rss.peak / 2 ** 20).toFixed(0)} MB`,
        `goal: GET /home p95 < 300 ms under attack: ${atkHome.p95 < 300 ? 'met' : 'NOT met'} (${ms(atkHome.p95)} ms); ` +
          `the bound session kept submitting: ${kept ? 'yes' : 'NO'}`,
      ].join('\n'),
    );
    process.exitCode = atkHome.p95 < 300 && kept ? 0 : 1;
  } finally {
    clearInterval(meter);
    for (const w of workers) if (w.child.exitCode === null) w.child.kill();
    await bench.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
