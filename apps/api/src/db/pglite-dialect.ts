// A minimal Kysely dialect for PGlite. kysely-pglite ships ESM only, which jest (CommonJS via ts-jest)
// cannot load, so this small driver keeps the same code path for tests, tsx and production.
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.db.query<R>(query.sql, query.parameters as unknown[]);
    return { rows: res.rows, numAffectedRows: res.affectedRows === undefined ? undefined : BigInt(res.affectedRows) };
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
  async init(): Promise<void> { await this.db.waitReady; }
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const conn = new PGliteConnection(this.db);
    this.releases.set(conn, release);
    return conn;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('begin')); }
  async commitTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('commit')); }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('rollback')); }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.releases.get(conn)?.();
    this.releases.delete(conn);
  }
  async destroy(): Promise<void> { await this.db.close(); }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver() { return new PGliteDriver(this.db); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  // Kysely's Dialect interface itself declares Kysely<any> here
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}
