// The customer SMPP listener end to end: N transceivers of one account bind, submit SMPP_MESSAGES messages
// (a window of SMPP_WINDOW outstanding per bind) with a receipt requested, through the same pipeline as POST /sms
// (priced, held, routed, handed to the built-in simulator, receipts settled through the ledger), and wait for
// every receipt to come back as a deliver_sm. Prints submits accepted per second, receipts delivered per second
// (from the first submit to the last receipt), and lost / duplicated / unknown receipts.
// PostgreSQL by default (DATABASE_URL or BENCH_DATABASE_URL, a fresh schema dropped at the end); SMPP_MODES=pglite
// for the embedded database. Usage: npm run bench:smpp  (SMPP_BINDS, SMPP_MESSAGES, SMPP_WINDOW, SMPP_MODES)
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { API_PREFIX } from '@smsc/shared-contract';
import { smppOf } from '../../apps/api/src/smpp';
import { connect, type Client } from '../../apps/api/src/smpp/test-client';
import { startBenchApp } from './support';

const BINDS = Number(process.env.SMPP_BINDS ?? 4);
const MESSAGES = Number(process.env.SMPP_MESSAGES ?? 10_000);
const WINDOW = Number(process.env.SMPP_WINDOW ?? 100);
const RECEIPT_WAIT_MS = Number(process.env.SMPP_RECEIPT_WAIT_MS ?? 120_000);
const PG_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_smpp';
const MODES = (process.env.SMPP_MODES ?? 'postgres').split(',');
const log = (s: string) => console.error(s);

async function runMode(mode: string): Promise<string> {
  const bench = await startBenchApp(
    mode,
    'smpp',
    {
      smpp: { port: 0, tlsPort: false },
      // every message is delivered at once: the figure is the pipeline's and the listener's, not a made-up latency
      messaging: { gatewaySecret: 'bench', simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true },
    },
    PG_URL,
  );
  const { app } = bench;
  const clients: Client[] = [];
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
    const port = smppOf(app).port as number;
    for (let i = 0; i < BINDS; i++) {
      const c = await connect(port);
      if ((await c.bind('bind_transceiver', 'bench', 'bench1')) !== 0) throw new Error('bind refused');
      clients.push(c);
    }
    const ids = new Set<string>();
    let next = 0;
    let refused = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const load0 = loadavg()[0];
    // each bind keeps WINDOW submits outstanding
    await Promise.all(
      clients.flatMap((c) =>
        Array.from({ length: WINDOW }, async () => {
          while (next < MESSAGES) {
            const n = next++;
            const r = await c.submit({
              source_addr_ton: 1,
              source_addr: '12125552301',
              dest_addr_ton: 1,
              destination_addr: `1415${String(2000000 + (n % 1_000_000)).padStart(7, '0')}`,
              short_message: `bench message ${n}`,
              registered_delivery: 1,
            });
            if (r.command_status === 0) ids.add(String(r.message_id));
            else refused++;
          }
        }),
      ),
    );
    const submitted = performance.now() - t0;
    log(`[${mode}] ${ids.size} accepted, ${refused} refused in ${(submitted / 1000).toFixed(1)} s`);
    const received = () => clients.reduce((s, c) => s + c.delivered.length, 0);
    const deadline = Date.now() + RECEIPT_WAIT_MS;
    while (received() < ids.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const allIn = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const load1 = loadavg()[0];
    // a moment more: a duplicate would arrive now
    await new Promise((r) => setTimeout(r, 2000));
    const seen = new Map<string, number>();
    for (const c of clients)
      for (const pdu of c.delivered) {
        const id = String(pdu.receipted_message_id ?? '');
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    const lost = [...ids].filter((id) => !seen.has(id)).length;
    const twice = [...seen.values()].filter((n) => n > 1).length;
    const unknown = [...seen.keys()].filter((id) => !ids.has(id)).length;
    const delivered = await app.db
      .selectFrom('sms')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'delivered')
      .where('user_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    return (
      `${mode}: ${BINDS} transceivers, window ${WINDOW} each, ${MESSAGES} submit_sm: ` +
      `accepted ${(ids.size / (submitted / 1000)).toFixed(0)} submits/s (${refused} refused); ` +
      `receipts back ${(seen.size / (allIn / 1000)).toFixed(0)} /s end to end (${received()} deliver_sm in ${(allIn / 1000).toFixed(1)} s, ` +
      `${delivered.n} messages delivered); lost ${lost}, duplicated ${twice}, unknown ${unknown}; ` +
      // the machine is shared: the figures mean little without its load, and the CPU the API process spent
      `API process CPU ${((cpu.user + cpu.system) / 1000 / ids.size).toFixed(2)} ms per message; ` +
      `load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${availableParallelism()} cores`
    );
  } finally {
    await Promise.all(clients.map((c) => c.close()));
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
