// What one POST /sms runs on PGlite, statement by statement: every query and script PGlite is handed
// while SEND_COUNT (400) sends go through, 20 at a time, with the simulator delivering at once, grouped
// by their text (parameters left out), with the count per send and the time PGlite took for them. Run it
// with BENCH_GUARDS=off and on (guards-setup.ts) to see what the guards add to a single send, and with
// SEND_PROFILE=1 to time the sends' JS apart from PGlite's own work.
// Usage: BENCH_GUARDS=on npx tsx tools/bench/send-statements.ts
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteOf } from '../../apps/api/src/db/connect';
import { guardsOf } from '../../apps/api/src/guards';
import { messagingOf, SmscSimulator } from '../../apps/api/src/messaging';
import { GUARDS_ON } from './guards-setup';
import { seedMessages } from './sms';
import { cpuMeter, machineLine, postSmsConcurrently, startBenchApp } from './support';

const SENDS = Number(process.env.SEND_COUNT ?? 400);
const WARM = Number(process.env.SEND_WARM ?? 200);
/** messages seeded first (sms.ts seedMessages, SMS_ROWS): the guards' background reads scale with history */
const ROWS = Number(process.env.SMS_ROWS ?? 0);
const CONCURRENCY = 20;
/** SEND_ROUNDS=n: n rounds of SEND_COUNT sends with the guards off, then on, in one process (BENCH_GUARDS on) */
const ROUNDS = Number(process.env.SEND_ROUNDS ?? 0);

interface Seen {
  n: number;
  ms: number;
}

/** Wraps PGlite's query and exec to count and time what they are handed, by statement text. */
function countStatements(pg: PGlite): { seen: Map<string, Seen>; on: { v: boolean } } {
  const seen = new Map<string, Seen>();
  const on = { v: false };
  const wrap = <F extends (sql: string, ...rest: never[]) => Promise<unknown>>(f: F): F =>
    (async (sql: string, ...rest: never[]) => {
      const t0 = performance.now();
      try {
        return await f.call(pg, sql, ...rest);
      } finally {
        if (on.v) {
          const key = sql.replace(/\s+/g, ' ').slice(0, 140);
          const s = seen.get(key) ?? { n: 0, ms: 0 };
          s.n++;
          s.ms += performance.now() - t0;
          seen.set(key, s);
        }
      }
    }) as F;
  pg.query = wrap(pg.query.bind(pg)) as PGlite['query'];
  pg.exec = wrap(pg.exec.bind(pg)) as PGlite['exec'];
  return { seen, on };
}

async function main(): Promise<void> {
  const bench = await startBenchApp('pglite', 'stmts', {
    messaging: { gatewaySecret: 'bench', simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true },
  });
  try {
    const app = bench.app;
    const pg = pgliteOf(app.db);
    if (!pg) throw new Error('not PGlite');
    const { gateway } = messagingOf(app);
    if (!(gateway instanceof SmscSimulator)) throw new Error('the simulator is not the gateway');
    if (ROWS) await seedMessages(app);
    const acme = await bench.fundCompany('Acme', 1_000_000_000n);
    await bench.setUpGuards(acme);
    const headers = await bench.signIn('acme-admin@example.com');
    const { seen, on } = countStatements(pg);
    const cursor = { next: 0 };
    const send = async (upTo: number) => {
      const refused = await postSmsConcurrently(app, headers, {
        cursor,
        upTo,
        concurrency: CONCURRENCY,
        text: (i) => `Send ${i}`,
      });
      if (refused) throw new Error(`POST /sms refused ${refused} sends`);
      await gateway.drain();
    };
    await send(WARM);
    if (ROUNDS) {
      // the same process and database, the guards switched off and on in turns: the other load on a shared
      // machine falls on both alike, so their CPU a send compares
      const guards = guardsOf(app) as { enabled: boolean };
      const cpuOf: Record<string, number[]> = { off: [], on: [] };
      // off, on, on, off, ...: a process that grows faster or slower with time favours neither
      for (let r = 0; r < ROUNDS; r++)
        for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          guards.enabled = mode === 'on';
          const cpu = cpuMeter();
          await send(cursor.next + SENDS);
          cpuOf[mode].push(cpu() / SENDS);
        }
      const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      for (const mode of ['off', 'on'])
        console.log(
          `guards ${mode}: ${cpuOf[mode].map((x) => x.toFixed(2)).join(', ')} ms CPU a send (mean ${avg(cpuOf[mode]).toFixed(2)})`,
        );
      console.log(`on/off ${((avg(cpuOf.on) / avg(cpuOf.off) - 1) * 100).toFixed(1)}%; ${machineLine()}`);
      return;
    }
    on.v = true;
    // SEND_PROFILE=file.cpuprofile: a V8 CPU profile of the counted sends alone (not the start or the seed)
    const profile = process.env.SEND_PROFILE ? new Session() : null;
    if (profile) {
      profile.connect();
      await profile.post('Profiler.enable');
      await profile.post('Profiler.start');
    }
    const cpu = cpuMeter();
    const t0 = performance.now();
    await send(WARM + SENDS);
    const wall = performance.now() - t0;
    const cpuMs = cpu();
    on.v = false;
    if (profile) {
      const { profile: p } = await profile.post('Profiler.stop');
      writeFileSync(process.env.SEND_PROFILE as string, JSON.stringify(p));
      profile.disconnect();
    }
    const rows = [...seen.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((s, [, v]) => ({ n: s.n + v.n, ms: s.ms + v.ms }), { n: 0, ms: 0 });
    for (const [sql, v] of rows)
      console.log(
        `${(v.n / SENDS).toFixed(2).padStart(6)} ${((v.ms / SENDS) * 1000).toFixed(0).padStart(6)} µs  ${sql}`,
      );
    console.log(
      `guards ${GUARDS_ON ? 'on' : 'off'}: ${SENDS} sends, ${(total.n / SENDS).toFixed(2)} statements a send, ` +
        `PGlite ${(total.ms / SENDS).toFixed(2)} ms a send, process CPU ${(cpuMs / SENDS).toFixed(2)} ms a send, ` +
        `${(SENDS / (wall / 1000)).toFixed(0)} msg/s; ${machineLine()}`,
    );
  } finally {
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
