// A minimal Kysely dialect for PGlite: one queue in front of its single connection, which the job queue's
// executor takes too (job-queue-backend.ts), so the same code path serves tests, tsx and production.
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { CurrentSchemaIntrospector } from './postgres-dialect';
import type { PGlite } from '@electric-sql/pglite';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters the simple protocol, as node-postgres does: a script of several statements
    // (a migration's DDL) runs whole; the last statement's rows are the answer.
    const res = query.parameters.length
      ? await this.db.query<R>(query.sql, query.parameters as unknown[])
      : ((await this.db.exec(query.sql)).at(-1) ?? { rows: [] as R[], affectedRows: undefined });
    return {
      rows: res.rows as R[],
      numAffectedRows: res.affectedRows === undefined ? undefined : BigInt(res.affectedRows),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver');
  }
}

/** PGlite is a single connection: callers are queued so transactions never interleave. */
class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly releases = new Map<DatabaseConnection, () => void>();
  constructor(private readonly db: PGlite) {}
  async init(): Promise<void> {
    await this.db.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const conn = new PGliteConnection(this.db);
    this.releases.set(conn, release);
    return conn;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.releases.get(conn)?.();
    this.releases.delete(conn);
  }
  async destroy(): Promise<void> {
    await this.db.close();
  }
}

/**
 * The migrator's lock on the embedded database: nothing to take. PGlite is one connection that the
 * driver lends to one holder at a time, and the migrator holds it for its whole transaction
 * (db/migrator.ts), so no other migration (or statement) of this process can interleave; no second
 * process can open the same data directory. Kysely's PostgresAdapter would take a session-level
 * pg_advisory_lock here and unlock it after the run: in an aborted transaction that unlock fails and
 * the lock would outlive the run.
 */
class PGliteAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {
    return undefined;
  }
  override async releaseMigrationLock(): Promise<void> {
    return undefined;
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() {
    return new PGliteAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // Kysely's Dialect interface itself declares Kysely<any> here
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new CurrentSchemaIntrospector(db);
  }
}
