// Large loads on the embedded database: PGlite takes many rows fastest by COPY from a CSV blob (about twice
// as fast as one INSERT … unnest there), holding its one connection for the whole transaction. A real
// PostgreSQL loads them by statements, which the caller writes.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';
import { pgliteOf } from './connect';

/**
 * On PGlite: runs `parent` (an INSERT … RETURNING `idColumn`) and COPYs `csv(id)` into `into` ("table (columns)")
 * in one transaction, answering the id. On PostgreSQL: null, and nothing is written.
 */
export async function copyWithParent(
  db: Kysely<Database>,
  parent: CompiledQuery,
  idColumn: string,
  into: string,
  csv: (id: string) => string,
): Promise<string | null> {
  const pg = pgliteOf(db);
  if (!pg) return null;
  return db.connection().execute(() =>
    pg.transaction(async (tx) => {
      const id = (await tx.query<Record<string, string>>(parent.sql, parent.parameters as unknown[])).rows[0][idColumn];
      await tx.query(`copy ${into} from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv(id)]) });
      return id;
    }),
  );
}
