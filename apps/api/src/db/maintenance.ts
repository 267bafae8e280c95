// Upkeep that PostgreSQL does by itself and the embedded database does not.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { pgliteOf } from './connect';

/**
 * VACUUMs `tables` where no autovacuum runs (PGlite), so a table that loses rows as fast as it gains them does not
 * fill with dead ones; on PostgreSQL, whose autovacuum does this, nothing.
 */
export async function vacuumWhereNoAutovacuum(
  db: Kysely<Database>,
  tables: readonly (keyof Database)[],
): Promise<void> {
  if (!pgliteOf(db) || tables.length === 0) return;
  await sql`vacuum ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
