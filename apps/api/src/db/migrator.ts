// Runs the migration list (db/migrations.ts) through Kysely's Migrator, so any number of API nodes can
// start at once on one PostgreSQL: all of it happens in one transaction that first takes the dialect's
// migration lock (postgres-dialect.ts: an advisory lock; pglite-dialect.ts: the one connection itself).
// A node that waited on the lock then finds every migration recorded and runs none.
//
// Order. Kysely applies pending migrations in the order of their names, and the list's order is the
// order to apply (domain lists are spread into it, each growing at its own end). So a migration's name
// is its place in the list, zero-padded, then its id: `0042_070_bulk`. A migration added in the middle
// of the list moves the places of those after it: inside the lock, before the Migrator reads its table,
// recorded names are renamed to their id's place now (renumber), and the Migrator allows a pending
// migration to sort before executed ones (allowUnorderedMigrations).
// Carry-over: a database migrated by the runner before this one has its ids in schema_migrations; they
// are recorded as executed (with their dates) on first start, so nothing runs twice. That table is left
// as it was and no longer written.
import { sql, type Kysely, type Transaction } from 'kysely';
import { Migrator, type Migration as KyselyMigration } from 'kysely/migration';
import type { Database } from './schema';
import type { SecretBox } from '../lib/secret-box';

export const MIGRATION_TABLE = 'kysely_migration';
const LOCK_TABLE = 'kysely_migration_lock';
const LEGACY_TABLE = 'schema_migrations';

/** One migration of the list: ddl runs whole (several statements, PL/pgSQL bodies with semicolons), then run. */
export interface ListedMigration<C> {
  id: string;
  ddl: string;
  run?: (trx: Transaction<Database>, ctx: C) => Promise<void>;
}

/** What a migration with code (run) gets besides the transaction: the server's secret boxes. */
export interface MigrationContext {
  secrets?: { smscPassword: SecretBox };
}
/**
 * A migration of the server's list (each domain's migrations.ts; db/migrations.ts assembles them). It is
 * declared here, not in that list's file, so a domain's migrations do not import the file that imports them.
 */
export type Migration = ListedMigration<MigrationContext>;

/** The Migrator's name of the migration at `index` of the list. */
export const migrationName = (index: number, id: string) => `${String(index + 1).padStart(4, '0')}_${id}`;
const idOf = (name: string) => name.replace(/^\d{4}_/, '');

interface Recorded {
  name: string;
  timestamp: string;
}

// Kysely hands migrations a Kysely<any>: the database's tables are typed by the callers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function recorded(db: AnyDb): Promise<Recorded[]> {
  return (await sql<Recorded>`select name, timestamp from ${sql.table(MIGRATION_TABLE)}`.execute(db)).rows;
}

/** Everything recorded already (read without the lock: names are only ever added or renamed to the current list). */
async function upToDate(db: AnyDb, names: string[]): Promise<boolean> {
  const exists = await sql<{ t: string | null }>`select to_regclass(${MIGRATION_TABLE}) as t`.execute(db);
  if (!exists.rows[0]?.t) return false;
  const have = new Set((await recorded(db)).map((r) => r.name));
  return names.every((n) => have.has(n));
}

/** Recorded names moved to their id's place in the list now. */
async function renumber(trx: AnyDb, nameOf: Map<string, string>): Promise<void> {
  for (const r of await recorded(trx)) {
    const now = nameOf.get(idOf(r.name));
    if (now && now !== r.name)
      await sql`update ${sql.table(MIGRATION_TABLE)} set name = ${now} where name = ${r.name}`.execute(trx);
  }
}

/** How many migrations the database has recorded (the readiness probe's read of our own schema). */
export async function appliedMigrations(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db);
  return rows[0].n;
}

/** Ids applied by the former runner (schema_migrations) recorded as executed, once. */
async function carryOver(trx: AnyDb, nameOf: Map<string, string>): Promise<number> {
  const legacy = await sql<{ t: string | null }>`select to_regclass(${LEGACY_TABLE}) as t`.execute(trx);
  if (!legacy.rows[0]?.t) return 0;
  const have = new Set((await recorded(trx)).map((r) => idOf(r.name)));
  const old = await sql<{
    id: string;
    applied_on: Date;
  }>`select id, applied_on from ${sql.table(LEGACY_TABLE)}`.execute(trx);
  let n = 0;
  for (const r of old.rows) {
    const name = nameOf.get(r.id);
    if (!name || have.has(r.id)) continue;
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values (${name}, ${new Date(r.applied_on).toISOString()})`.execute(
      trx,
    );
    n++;
  }
  return n;
}

export interface MigrateResult {
  /** ids applied by this call, in order */
  applied: string[];
  /** ids recorded from the former runner's schema_migrations by this call */
  carried: number;
}

/** Applies the list's pending migrations once, whatever the number of callers at once. */
export async function runMigrations<C>(
  db: Kysely<Database>,
  list: ListedMigration<C>[],
  ctx: C,
): Promise<MigrateResult> {
  const nameOf = new Map<string, string>();
  list.forEach((m, i) => {
    if (nameOf.has(m.id)) throw new Error(`migration id ${m.id} is listed twice`);
    nameOf.set(m.id, migrationName(i, m.id));
  });
  const names = [...nameOf.values()];
  if (await upToDate(db, names)) return { applied: [], carried: 0 };
  const adapter = db.getExecutor().adapter;
  const lockOptions = { lockTable: LOCK_TABLE, lockRowId: 'migration_lock' };
  return db.transaction().execute(async (trx) => {
    await adapter.acquireMigrationLock(trx, lockOptions);
    // Kysely's tables made here, under the lock and in our schema (its own check would look in every schema)
    await sql`create table if not exists ${sql.table(MIGRATION_TABLE)} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(
      trx,
    );
    await sql`create table if not exists ${sql.table(LOCK_TABLE)} (id varchar(255) not null primary key, is_locked integer not null default 0)`.execute(
      trx,
    );
    await sql`insert into ${sql.table(LOCK_TABLE)} (id) values ('migration_lock') on conflict do nothing`.execute(trx);
    await renumber(trx, nameOf);
    const carried = await carryOver(trx, nameOf);
    const migrations: Record<string, KyselyMigration> = {};
    list.forEach((m, i) => {
      migrations[migrationName(i, m.id)] = {
        async up(t: AnyDb) {
          // one script through the simple protocol (node-postgres; PGlite's exec, pglite-dialect.ts)
          if (m.ddl.trim()) await sql.raw(m.ddl).execute(t);
          if (m.run) await m.run(t as Transaction<Database>, ctx);
        },
      };
    });
    const migrator = new Migrator({
      db: trx,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) {
      const failed = results.find((r) => r.status === 'Error')?.migrationName;
      const e = error instanceof Error ? error : new Error(String(error));
      e.message = `migration ${failed ? idOf(failed) : '(setup)'} failed: ${e.message}`;
      throw e;
    }
    return { applied: results.filter((r) => r.status === 'Success').map((r) => idOf(r.migrationName)), carried };
  });
}
