// The SMPP fuzzer's run: seeded cases (an attack and its inputs, from (seed, case number)) on a few concurrent
// workers, a pool of idle connections held throughout, and the other tenant's probes. It fails when the
// server process ends, when a probe goes unanswered or answers past the bound, or when the server's memory
// passes a ceiling. Workers interleave, so a failure names the cases in flight; each replays alone
// (SMPP_FUZZ_SEED and SMPP_FUZZ_CASES).
import { ATTACK_NAMES, ATTACKS, type AttackContext } from './attacks';
import { Probes, summary, type ProbeName } from './probes';
import type { TargetProcess } from './spawn-target';
import { caseSeed, RawConn, rng, sleep } from './wire';
import { useSystemIds } from './tenants';

export interface SmppFuzzOptions {
  seed: number;
  /** no new case starts after this, ms */
  budgetMs: number;
  /** cases run at once */
  workers?: number;
  /** connections opened at the start and held, idle, to the end */
  idle?: number;
  /** every probe must be answered within this, ms */
  boundMs?: number;
  /** the server's resident memory must stay under this, MB */
  maxRssMb?: number;
  /** only these case numbers (a replay), each once */
  cases?: number[];
  onCase?: (i: number, attack: string) => void;
}

export interface InFlight {
  case: number;
  attack: string;
  /** the last frames each of its connections sent, hex */
  sent: string[][];
}

export interface SmppFuzzReport {
  seed: number;
  ms: number;
  cases: number;
  byAttack: Record<string, number>;
  connections: number;
  /** connections the listener closed or refused before the attack was done with them */
  closedByServer: number;
  attackerBinds: { ok: number; refused: number };
  idle: { opened: number; openAtEnd: number };
  probes: Record<ProbeName, { n: number; p50: number; p95: number; max: number; failures: number }>;
  boundMs: number;
  maxRssMb: number;
  /** the listener's own figures at the end (/metrics' smsc_smpp_*) */
  listener: Record<string, number> | null;
  exited: string | null;
  /** cases in flight when the server ended, or ended in the second before (their connections closed with it) */
  inFlightAtExit: InFlight[];
  failures: string[];
}

const HOST = '127.0.0.1';
/** the other tenant's address; hostile clients come from 127.0.1.x (attacks), .2.x (bind storms), .3.x (idle) */
const TENANT_ADDRESS = '127.0.0.1';
const hostile = (block: number, n: number) => `127.0.${block}.${(n % 250) + 2}`;
const STORM_ADDRESSES = Number(process.env.SMPP_FUZZ_STORM_ADDRESSES ?? 8);

export async function runSmppFuzz(target: TargetProcess, o: SmppFuzzOptions): Promise<SmppFuzzReport> {
  const boundMs = o.boundMs ?? 5000;
  useSystemIds(target.systemIds);
  const maxRssMb = o.maxRssMb ?? 2048;
  const started = Date.now();
  const probes = new Probes(
    {
      host: HOST,
      httpPort: target.httpPort,
      smppPort: target.smppPort,
      token: target.token,
      localAddress: TENANT_ADDRESS,
    },
    boundMs,
  );
  const byAttack: Record<string, number> = {};
  const inFlight = new Map<number, { attack: string; conns: RawConn[]; ended?: number }>();
  let inFlightAtExit: InFlight[] = [];
  let connections = 0;
  let closedByServer = 0;
  const attackerBinds = { ok: 0, refused: 0 };
  // a case that crashed the server sees its connection close and ends at once: the cases that ended just
  // before the exit was seen stay listed for a second
  const snapshotInFlight = () =>
    [...inFlight]
      .filter(([, f]) => !f.ended || Date.now() - f.ended < 1000)
      .map(([i, f]) => ({ case: i, attack: f.attack, sent: f.conns.map((c) => c.sent).filter((s) => s.length) }));

  // the process may end between two cases: the first moment it is seen gone, the cases in flight are kept
  const watch = setInterval(() => {
    if (target.exited && !inFlightAtExit.length) inFlightAtExit = snapshotInFlight();
  }, 20);

  await probes.warm();
  probes.start();
  const idle = Array.from(
    { length: o.idle ?? 200 },
    (_, i) => new RawConn({ host: HOST, port: target.smppPort, localAddress: hostile(3, i) }),
  );
  await Promise.all(idle.map((c) => c.opened));

  let next = 0;
  const queue = o.cases ? [...o.cases] : null;
  const deadline = started + o.budgetMs;
  const worker = async (w: number) => {
    while (!target.exited && (queue ? queue.length : Date.now() < deadline)) {
      const i = queue ? (queue.shift() as number) : next++;
      const r = rng(caseSeed(o.seed, i));
      const attack = r.pick(ATTACK_NAMES);
      const conns: RawConn[] = [];
      const ctx: AttackContext = {
        waitMs: 2000,
        open: (opts = {}) => {
          const c = new RawConn(
            // bind storms from STORM_ADDRESSES addresses: their failed-bind limit is what is tested, not a botnet
            {
              host: HOST,
              port: target.smppPort,
              localAddress: hostile(opts.storm ? 2 : 1, opts.storm ? i % STORM_ADDRESSES : i * 7 + w),
            },
            { read: opts.read },
          );
          conns.push(c);
          connections++;
          return c;
        },
        noteBind: (ok) => attackerBinds[ok ? 'ok' : 'refused']++,
      };
      inFlight.set(i, { attack, conns });
      byAttack[attack] = (byAttack[attack] ?? 0) + 1;
      o.onCase?.(i, attack);
      try {
        // an attack that waits on a listener that never answers still ends
        await Promise.race([ATTACKS[attack](ctx, r), sleep(10_000)]);
      } catch (e) {
        // an attack's own fault (a write after close) says nothing of the server
        void e;
      }
      if (target.exited && !inFlightAtExit.length) inFlightAtExit = snapshotInFlight();
      for (const c of conns) {
        if (c.closed) closedByServer++;
        c.destroy();
      }
      const f = inFlight.get(i);
      if (f) f.ended = Date.now();
      setTimeout(() => inFlight.delete(i), 1000);
    }
  };
  await Promise.all(Array.from({ length: o.workers ?? 4 }, (_, w) => worker(w)));
  // the probes see the server once more after the last case
  await sleep(Math.min(2000, boundMs));
  await probes.stop();
  clearInterval(watch);
  const openAtEnd = idle.filter((c) => !c.closed).length;
  for (const c of idle) c.destroy();

  const failures: string[] = [];
  if (target.exited)
    failures.push(
      `the server process ended (${target.exited}) with cases ${inFlightAtExit.map((f) => `#${f.case} ${f.attack}`).join(', ') || '(none)'} in flight; its stderr:\n${target.stderrTail().slice(-3000)}`,
    );
  else {
    for (const f of probes.failures.slice(0, 50))
      failures.push(`${f.probe} at ${(f.at / 1000).toFixed(1)} s: ${f.reason}`);
    if (probes.failures.length > 50) failures.push(`… and ${probes.failures.length - 50} more probe failures`);
  }
  if (target.maxRss > maxRssMb * 2 ** 20)
    failures.push(`the server's memory reached ${(target.maxRss / 2 ** 20).toFixed(0)} MB, over ${maxRssMb} MB`);
  const probeReport = Object.fromEntries(
    (Object.keys(probes.latencies) as ProbeName[]).map((name) => [
      name,
      { ...summary(probes.latencies[name]), failures: probes.failures.filter((f) => f.probe === name).length },
    ]),
  ) as SmppFuzzReport['probes'];
  return {
    seed: o.seed,
    ms: Date.now() - started,
    cases: Object.values(byAttack).reduce((a, b) => a + b, 0),
    byAttack,
    connections,
    closedByServer,
    attackerBinds,
    idle: { opened: idle.length, openAtEnd },
    probes: probeReport,
    boundMs,
    maxRssMb: target.maxRss / 2 ** 20,
    listener: target.smpp,
    exited: target.exited,
    inFlightAtExit,
    failures,
  };
}

/** The report as lines, for the npm script and a failing spec's message. */
export function formatReport(r: SmppFuzzReport): string {
  const lines = [
    `seed ${r.seed}: ${r.cases} cases in ${(r.ms / 1000).toFixed(1)} s, ${r.connections} hostile connections ` +
      `(${r.closedByServer} closed by the server first), attacker binds ${r.attackerBinds.ok} accepted / ${r.attackerBinds.refused} refused, ` +
      `idle ${r.idle.opened} opened / ${r.idle.openAtEnd} still open at the end; server memory peak ${r.maxRssMb.toFixed(0)} MB`,
    `listener: ${r.listener ? JSON.stringify(r.listener) : '(no figures)'}`,
    `attacks: ${Object.entries(r.byAttack)
      .sort()
      .map(([a, n]) => `${a}×${n}`)
      .join(', ')}`,
    `probe (bound ${r.boundMs} ms)   answers   p50 ms   p95 ms   max ms   failures`,
    ...Object.entries(r.probes).map(
      ([name, p]) =>
        `${name.padEnd(22)} ${String(p.n).padStart(8)} ${p.p50.toFixed(0).padStart(8)} ${p.p95.toFixed(0).padStart(8)} ${p.max.toFixed(0).padStart(8)} ${String(p.failures).padStart(10)}`,
    ),
    `failures: ${r.failures.length}`,
    ...r.failures.map((f) => `  ${f}`),
  ];
  for (const f of r.inFlightAtExit)
    lines.push(
      `  in flight: case #${f.case} (${f.attack}), last frames of its connections: ${JSON.stringify(f.sent.slice(0, 3))}` +
        (f.sent.length > 3 ? ` and ${f.sent.length - 3} more connections` : ''),
    );
  return lines.join('\n');
}
