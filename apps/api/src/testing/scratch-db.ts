// A database of its own for a spec that works below the app (a migration, a sweep): PGlite in memory, or a
// schema of its own on PostgreSQL when DATABASE_URL is set, dropped again by close().
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connect } from '../db/connect';
import type { MigrationContext } from '../db/migrator';
import type { Database } from '../db/schema';
import { loadSecretKey, secretBox } from '../lib/secret-box';

/** What the migrations need (migration 013 seals SMSC passwords): a throwaway key. */
export const SCRATCH_MIGRATION_CONTEXT: MigrationContext = {
  secrets: {
    smscPassword: secretBox(
      loadSecretKey({ dataDir: 'memory' }, () => undefined),
      'smsc_connections.password',
    ),
  },
};

export async function scratchDb(prefix: string): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL || undefined;
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const db = await connect(url ? { databaseUrl: url, schema } : { dataDir: 'memory' });
  return {
    db,
    close: async () => {
      if (url) await sql.raw(`drop schema ${schema} cascade`).execute(db);
      await db.destroy();
    },
  };
}
