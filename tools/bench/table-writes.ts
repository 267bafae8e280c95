// Where a run's writes went: rows inserted, updated (how many of them HOT: no index entry written) and deleted
// per message, for the bench schema's busiest tables, from pg_stat_user_tables. PostgreSQL publishes a
// backend's counters up to ~1 s after its transaction (longer when it then sits idle), so the last figures
// may lag a little.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

interface Counts {
  relname: string;
  ins: number;
  upd: number;
  hot: number;
  del: number;
}

export async function tableWrites(app: FastifyInstance): Promise<Counts[]>;
export async function tableWrites(app: FastifyInstance, before: Counts[], messages: number): Promise<string[]>;
export async function tableWrites(app: FastifyInstance, before?: Counts[], messages = 1): Promise<Counts[] | string[]> {
  if (before) await new Promise((r) => setTimeout(r, 1500));
  await sql`select pg_stat_clear_snapshot()`.execute(app.db);
  const rows = (
    await sql<Counts>`select relname, n_tup_ins::float8 as ins, n_tup_upd::float8 as upd,
      n_tup_hot_upd::float8 as hot, n_tup_del::float8 as del
      from pg_stat_user_tables where schemaname = current_schema()`.execute(app.db)
  ).rows;
  if (!before) return rows;
  const was = new Map(before.map((b) => [b.relname, b]));
  const per = (n: number) => (n / messages).toFixed(2);
  return rows
    .map((r) => {
      const b = was.get(r.relname) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
      return { name: r.relname, ins: r.ins - b.ins, upd: r.upd - b.upd, hot: r.hot - b.hot, del: r.del - b.del };
    })
    .filter((d) => d.ins + d.upd + d.del >= messages / 10)
    .sort((a, b) => b.ins + b.upd + b.del - (a.ins + a.upd + a.del))
    .map((d) => `${d.name} +${per(d.ins)} ~${per(d.upd)} (HOT ${per(d.hot)}) -${per(d.del)}`);
}
