// What pg-boss needs to run on this database. On PostgreSQL: a pool of its own, in a schema of its own next to the
// app's. On PGlite: an executeSql adapter that holds the one connection for the whole statement (pg-boss sends its
// transactions as one BEGIN…COMMIT script), so no other component's statement can land inside one of its
// transactions.
import type { Kysely } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import type { Database } from './schema';
import { pgliteOf } from './connect';

export interface JobQueueExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Wraps each statement, so shutdown can wait until the last one has been answered. */
export type StatementRunner = <T>(statement: () => Promise<T>) => Promise<T>;

export interface JobQueueBackend {
  /** pg-boss's `db` option */
  db: JobQueueExecutor;
  /** pg-boss's `schema` option: where its tables are */
  schema: string;
  /** ends the connections opened for the queue (none on PGlite); call once no statement is running */
  end(): Promise<void>;
}

export interface JobQueueBackendOptions {
  /** the app's PostgreSQL (ignored on PGlite) */
  databaseUrl?: string;
  /** the app's schema on PostgreSQL, if it has one of its own */
  dbSchema?: string;
  run: StatementRunner;
  onError: (err: Error) => void;
}

/** The schema pg-boss keeps its tables in: beside the app's own schema, so test files never share a queue. */
export const jobQueueSchema = (db: Kysely<Database>, dbSchema: string | undefined): string =>
  !pgliteOf(db) && dbSchema ? `${dbSchema}_jobs` : 'pgboss';

export function jobQueueBackend(db: Kysely<Database>, o: JobQueueBackendOptions): JobQueueBackend {
  const schema = jobQueueSchema(db, o.dbSchema);
  const pg = pgliteOf(db);
  if (pg) return { db: pgliteExecutor(db, pg, o.run), schema, end: async () => undefined };
  // Our own pool (the one pg-boss would open itself), so shutdown can end it only after the last queued statement
  // has been answered.
  const pool = new Pool({ connectionString: o.databaseUrl, max: 4, application_name: 'pgboss' });
  pool.on('error', o.onError);
  return {
    db: { executeSql: (text, values) => o.run(() => pool.query(text, values)) },
    schema,
    end: () => pool.end(),
  };
}

/** Parameterised statements through query(), scripts through exec(). */
function pgliteExecutor(db: Kysely<Database>, pg: PGlite, run: StatementRunner): JobQueueExecutor {
  return {
    executeSql: (text, values) =>
      run(() =>
        // connection() takes the dialect's queue slot, so Kysely transactions and pg-boss scripts never interleave.
        db.connection().execute(async () => {
          if (values && values.length) return { rows: (await pg.query(text, values)).rows };
          try {
            const results = await pg.exec(text);
            return { rows: results.flatMap((r) => r.rows) };
          } catch (e) {
            // A failed script leaves its BEGIN open: close it so the connection is usable again.
            if (/\bbegin\b/i.test(text)) await pg.exec('rollback').catch(() => undefined);
            throw e;
          }
        }),
      ),
  };
}
