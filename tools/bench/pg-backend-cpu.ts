// PostgreSQL's CPU spent for one database only: on a machine where other engineers' tests and benchmarks use
// the same server, summing every `postgres` process (support.ts processCpuSeconds) counts their work as ours.
// Samples the database's backends (pg_stat_activity, autovacuum workers included) a few times a second and
// reads each one's CPU from /proc, so a backend that a pool closes mid-run keeps what it used until its last
// sample. The server's shared processes (WAL writer, checkpointer) are not in it.
import { Client } from 'pg';
import { pidCpuSeconds } from './support';

export interface PgBackendCpu {
  /** CPU seconds the database's backends used since start() */
  stop(): Promise<number>;
}

export async function pgBackendCpu(url: string, everyMs = 200): Promise<PgBackendCpu> {
  const c = new Client({ connectionString: url });
  await c.connect();
  // pid → [CPU at the first sample, CPU at the latest]; backends that start during the run count from zero
  const seen = new Map<number, [number, number]>();
  let first = true;
  const sample = async () => {
    const r = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of r.rows) {
      const now = pidCpuSeconds(pid);
      const had = seen.get(pid);
      if (had) had[1] = Math.max(had[1], now);
      else seen.set(pid, [first ? now : 0, now]);
    }
    first = false;
  };
  await sample();
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy.then(sample).catch(() => undefined);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await sample();
      await c.end();
      let s = 0;
      for (const [a, b] of seen.values()) s += b - a;
      return s;
    },
  };
}
