// Upkeep that PostgreSQL does by itself and the embedded database does not.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { pgliteOf } from './connect';

/** Whether the server's autovacuum runs (PGlite has none; a PostgreSQL may have it switched off). */
export async function autovacuumRuns(db: Kysely<Database>): Promise<boolean> {
  if (pgliteOf(db)) return false;
  const { rows } = await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(db);
  return rows[0]?.on === true;
}

/**
 * VACUUMs `tables` where no autovacuum runs (PGlite, or a PostgreSQL with it off), so a table that loses rows as fast
 * as it gains them does not fill with dead ones; where autovacuum runs, nothing.
 */
export async function vacuumWhereNoAutovacuum(
  db: Kysely<Database>,
  tables: readonly (keyof Database)[],
): Promise<void> {
  if (tables.length === 0 || (await autovacuumRuns(db))) return;
  await sql`vacuum ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
