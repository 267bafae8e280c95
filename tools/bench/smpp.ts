// The customer SMPP listener end to end: N transceivers of one account bind, submit SMPP_MESSAGES messages
// (a window of SMPP_WINDOW outstanding per bind) with a receipt requested, through the same pipeline as POST /sms
// (priced, held, routed, handed to the built-in simulator, receipts settled through the ledger), and wait for
// every receipt to come back as a deliver_sm. The binds run in a process of their own (smpp-client.ts), so the API
// process's CPU is its own. Prints submits accepted per second, receipts delivered per second (from the first
// submit to the last receipt), lost / duplicated / unknown receipts, and the CPU per message of the API process,
// the client process and PostgreSQL (this database's backends, pg-backend-cpu.ts; every postgres process beside it).
// PostgreSQL by default (DATABASE_URL or BENCH_DATABASE_URL, a fresh schema dropped at the end); SMPP_MODES=pglite
// for the embedded database. Usage: npm run bench:smpp  (SMPP_BINDS, SMPP_MESSAGES, SMPP_WINDOW, SMPP_MODES)
import { availableParallelism, loadavg } from 'node:os';
import { fork } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { API_PREFIX } from '@smsc/shared-contract';
import { smppOf } from '../../apps/api/src/smpp';
import { loadEnv } from '../../apps/api/src/config/read-env';
import { processCpuSeconds, startBenchApp } from './support';
import { pgBackendCpu } from './pg-backend-cpu';
import type { ClientJob, ClientResult } from './smpp-client';

const BINDS = Number(process.env.SMPP_BINDS ?? 4);
const MESSAGES = Number(process.env.SMPP_MESSAGES ?? 10_000);
const WINDOW = Number(process.env.SMPP_WINDOW ?? 100);
const RECEIPT_WAIT_MS = Number(process.env.SMPP_RECEIPT_WAIT_MS ?? 120_000);
const PG_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_smpp';
const MODES = (process.env.SMPP_MODES ?? 'postgres').split(',');
const log = (s: string) => console.error(s);

/**
 * Runs the customer side in a process of its own (smpp-client.ts, under the same TypeScript loader, without a
 * --cpu-prof meant for this one); `started` and `finished` bracket its submits and receipts.
 */
function runClient(job: ClientJob, started: () => void, finished: () => void): Promise<ClientResult> {
  const child = fork(path.join(__dirname, 'smpp-client.ts'), {
    execArgv: process.execArgv.filter((a) => !a.startsWith('--cpu-prof')),
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { started?: true; finished?: true; result?: ClientResult; error?: string }) => {
      if (m.started) started();
      else if (m.finished) finished();
      else if (m.result) resolve(m.result);
      else if (m.error) reject(new Error(`SMPP client: ${m.error}`));
    });
    child.on('exit', (code) => reject(new Error(`SMPP client exited with ${code}`)));
    child.send(job);
  });
}

async function runMode(mode: string): Promise<string> {
  const bench = await startBenchApp(
    mode,
    'smpp',
    {
      smpp: { port: 0, tlsPort: false },
      // the figure is the listener's, not the platform's per-account ceiling (SMPP_TPS_CEILING)
      env: { ...loadEnv(), SMPP_TPS_CEILING: 100_000 },
      // every message is delivered at once: the figure is the pipeline's and the listener's, not a made-up latency
      messaging: { gatewaySecret: 'bench', simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true },
    },
    PG_URL,
  );
  const { app } = bench;
  try {
    await bench.fundCompany('Acme', 1_000_000_000n);
    const headers = await bench.signIn('acme-admin@example.com');
    const made = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/smpp_account`,
      headers,
      payload: { system_id: 'bench', password: 'bench1', max_binds: BINDS, tps: 100_000 },
    });
    if (made.statusCode !== 201) throw new Error(`account: ${made.statusCode} ${made.body}`);
    // a company admin's system_id is its request with a random suffix: bind with the one the server gave
    const systemId: string = made.json().smpp_account.system_id;
    let cpu0 = process.cpuUsage();
    let cpu = cpu0;
    let pg0: number | null = null;
    let pg1: number | null = null;
    let load0 = 0;
    let load1 = 0;
    // this database's backends alone (from a little before the first submit): every postgres process also counts
    // other work on a shared server
    const backends = mode === 'postgres' ? await pgBackendCpu(PG_URL) : null;
    const outcome = await runClient(
      {
        port: smppOf(app).port as number,
        systemId,
        binds: BINDS,
        messages: MESSAGES,
        window: WINDOW,
        receiptWaitMs: RECEIPT_WAIT_MS,
      },
      () => {
        cpu0 = process.cpuUsage();
        pg0 = processCpuSeconds('postgres');
        load0 = loadavg()[0];
      },
      () => {
        cpu = process.cpuUsage(cpu0);
        pg1 = processCpuSeconds('postgres');
        load1 = loadavg()[0];
      },
    );
    const r = outcome;
    const ours = backends ? await backends.stop() : null;
    log(`[${mode}] ${r.accepted} accepted, ${r.refused} refused in ${(r.submitMs / 1000).toFixed(1)} s`);
    const delivered = await app.db
      .selectFrom('sms')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'delivered')
      .where('user_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    const perMessage = (ms: number) => (ms / Math.max(1, r.accepted)).toFixed(2);
    const apiMs = (cpu.user + cpu.system) / 1000;
    const pgMs = pg0 !== null && pg1 !== null ? (pg1 - pg0) * 1000 : null;
    return (
      `${mode}: ${BINDS} transceivers, window ${WINDOW} each, ${MESSAGES} submit_sm: ` +
      `accepted ${(r.accepted / (r.submitMs / 1000)).toFixed(0)} submits/s (${r.refused} refused); ` +
      `receipts back ${(r.distinct / (r.allInMs / 1000)).toFixed(0)} /s end to end (${r.received} deliver_sm in ${(r.allInMs / 1000).toFixed(1)} s, ` +
      `${delivered.n} messages delivered); lost ${r.lost}, duplicated ${r.twice}, unknown ${r.unknown}; ` +
      // the machine is shared: the figures mean little without its load, and the CPU each process spent
      `CPU ms per message: API ${perMessage(apiMs)}, client ${perMessage(r.cpuMs)}` +
      (ours !== null ? `, PostgreSQL (this database's backends) ${perMessage(ours * 1000)}` : '') +
      (pgMs !== null && mode === 'postgres' ? `, every postgres process ${perMessage(pgMs)}` : '') +
      `; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${availableParallelism()} cores`
    );
  } finally {
    await bench.close();
  }
}

async function main() {
  const lines: string[] = [];
  for (const mode of MODES) lines.push(await runMode(mode));
  console.log(lines.join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
