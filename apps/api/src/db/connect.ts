import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { mkdirSync } from 'node:fs';
import { PGliteDialect } from './pglite-dialect';
import { LockingPostgresDialect } from './postgres-dialect';
import type { Database } from './schema';

export interface DbOptions {
  databaseUrl?: string;
  /** directory for the embedded PGlite, or 'memory' for a throw-away database */
  dataDir?: string;
  /** with databaseUrl: a schema of its own (created if missing), so test files never share tables */
  schema?: string;
}

/** The embedded PGlite behind a Kysely (the job queue needs its exec() for multi-statement scripts). */
const pglites = new WeakMap<object, PGlite>();
export const pgliteOf = (db: Kysely<Database>): PGlite | undefined => pglites.get(db);

export async function connect(opts: DbOptions): Promise<Kysely<Database>> {
  if (opts.databaseUrl) {
    const schema = opts.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new LockingPostgresDialect({ pool }) });
    if (schema) await sql.raw(`create schema if not exists ${schema}`).execute(db);
    return db;
  }
  const dir = opts.dataDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  const pg = dir === 'memory' ? new PGlite() : new PGlite(dir);
  return pgliteDatabase(pg);
}

/** A Kysely over an open PGlite (tests open one from a migrated and seeded copy, testing/db-template.ts). */
export async function pgliteDatabase(pg: PGlite): Promise<Kysely<Database>> {
  await pg.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  pglites.set(db, pg);
  return db;
}
