// Jobs that failed every attempt go to a dead-letter queue of their own queue (`<queue>__dead`), which nobody
// works: they wait there, with their data and last error, for an operator to send them again or discard them.
// Before this a failed job was visible nowhere and its work silently did not happen.
import type PgBoss from 'pg-boss';
import type { FailedJob } from '@smsc/shared-contract';

const DEAD = '__dead';
export const deadLetterOf = (queue: string) => `${queue}${DEAD}`;
export const isDeadLetter = (queue: string) => queue.endsWith(DEAD);
const DATA_CHARS = 500;

interface Row {
  id: string;
  name: string;
  created_on: Date;
  retry_limit: number;
  output: { message?: string } | null;
  data: unknown;
}

const shape = (r: Row): FailedJob => ({
  id: r.id,
  queue: r.name.slice(0, -DEAD.length).replace(/__keyed$/, ''),
  failed_on: new Date(r.created_on).toISOString(),
  attempts: r.retry_limit + 1,
  error: String(r.output?.message ?? 'no error recorded'),
  data: JSON.stringify(r.data ?? null).slice(0, DATA_CHARS),
});

export class DeadLetters {
  constructor(
    private readonly boss: PgBoss,
    private readonly schema: string,
  ) {}

  private query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return this.boss
      .getDb()
      .executeSql(text, values)
      .then((r) => (r as { rows: T[] }).rows);
  }

  /** Dead letters waiting, newest first. */
  async list(offset: number, limit: number): Promise<{ items: FailedJob[]; total: number }> {
    const where = `name like '%\\_\\_dead' and state = 'created'`;
    const [rows, [{ n }]] = await Promise.all([
      this.query<Row>(
        `select id, name, created_on, retry_limit, output, data from ${this.schema}.job where ${where}
         order by created_on desc, id limit $1 offset $2`,
        [limit, offset],
      ),
      this.query<{ n: number }>(`select count(*)::int as n from ${this.schema}.job where ${where}`),
    ]);
    return {
      total: n,
      items: rows.map(shape),
    };
  }

  /** Waiting dead letters per queue, for /metrics. */
  async counts(): Promise<{ queue: string; dead: number }[]> {
    const rows = await this.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from ${this.schema}.job where name like '%\\_\\_dead' and state = 'created'
       group by name order by name`,
    );
    return rows.map((r) => ({ queue: r.name.slice(0, -DEAD.length).replace(/__keyed$/, ''), dead: r.n }));
  }

  private async take(id: string): Promise<Row | null> {
    const [row] = await this.query<Row>(
      `delete from ${this.schema}.job where id = $1 and name like '%\\_\\_dead' and state = 'created'
       returning id, name, created_on, retry_limit, output, data`,
      [id],
    );
    return row ?? null;
  }

  /** Sends the job's data to its queue again as a new job (with every retry again); false when it is not there. */
  async retry(id: string, send: (queue: string, data: object) => Promise<unknown>): Promise<FailedJob | null> {
    const row = await this.take(id);
    if (!row) return null;
    try {
      await send(row.name.slice(0, -DEAD.length), (row.data ?? {}) as object);
    } catch (e) {
      // taken first so two operators cannot send it twice; a send that fails puts it back where it was seen
      await this.boss.send(row.name, (row.data ?? {}) as object, { retryLimit: row.retry_limit });
      throw e;
    }
    return shape(row);
  }

  async discard(id: string): Promise<FailedJob | null> {
    const row = await this.take(id);
    return row && shape(row);
  }
}
