// The customer side of bench:smpp, in a process of its own so the API process's CPU figure is the API's alone:
// binds BINDS transceivers to PORT, submits MESSAGES submit_sm (WINDOW outstanding per bind) with a receipt
// requested, waits for every receipt and answers the parent (over IPC) with the counts, the times and its own CPU.
import { performance } from 'node:perf_hooks';
import { connect, type Client } from '../../apps/api/src/smpp/test-client';

export interface ClientJob {
  port: number;
  /** the account's system_id as the server gave it */
  systemId: string;
  binds: number;
  messages: number;
  window: number;
  receiptWaitMs: number;
}

export interface ClientResult {
  accepted: number;
  refused: number;
  /** ms from the first submit to the last submit_sm_resp, and to the last receipt */
  submitMs: number;
  allInMs: number;
  received: number;
  distinct: number;
  lost: number;
  twice: number;
  unknown: number;
  /** this process's CPU over the run, ms */
  cpuMs: number;
}

async function run(job: ClientJob): Promise<ClientResult> {
  const clients: Client[] = [];
  try {
    for (let i = 0; i < job.binds; i++) {
      const c = await connect(job.port);
      if ((await c.bind('bind_transceiver', job.systemId, 'bench1')) !== 0) throw new Error('bind refused');
      clients.push(c);
    }
    process.send?.({ started: true });
    const ids = new Set<string>();
    let next = 0;
    let refused = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      clients.flatMap((c) =>
        Array.from({ length: job.window }, async () => {
          while (next < job.messages) {
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
    const submitMs = performance.now() - t0;
    const received = () => clients.reduce((s, c) => s + c.delivered.length, 0);
    const deadline = Date.now() + job.receiptWaitMs;
    while (received() < ids.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const allInMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    process.send?.({ finished: true });
    // a moment more: a duplicate would arrive now
    await new Promise((r) => setTimeout(r, 2000));
    const seen = new Map<string, number>();
    for (const c of clients)
      for (const pdu of c.delivered) {
        const id = String(pdu.receipted_message_id ?? '');
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    return {
      accepted: ids.size,
      refused,
      submitMs,
      allInMs,
      received: received(),
      distinct: seen.size,
      lost: [...ids].filter((id) => !seen.has(id)).length,
      twice: [...seen.values()].filter((n) => n > 1).length,
      unknown: [...seen.keys()].filter((id) => !ids.has(id)).length,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

process.once('message', (job: ClientJob) => {
  run(job).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (e: Error) => process.send?.({ error: e.stack ?? e.message }, () => process.exit(1)),
  );
});
