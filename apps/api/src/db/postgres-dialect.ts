// Kysely's PostgreSQL dialect with the migration lock our migrator needs (db/migrator.ts).
import {
  PostgresAdapter,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * A transaction-level advisory lock, keyed by the schema the tables live in (current_schema(), so
 * nodes of one deployment share it while test files, each in a schema of its own, do not wait on
 * each other). The migrator takes it first thing in the one transaction it migrates in: a second node
 * waits there, then finds the work done; the lock goes with the commit or the rollback, and with the
 * session if the process dies. Kysely's own PostgresAdapter takes a session-level pg_advisory_lock and
 * unlocks it in a second statement, which cannot run in an aborted transaction.
 */
export class MigrationLockAdapter extends PostgresAdapter {
  // Kysely's Dialect interface itself declares Kysely<any> here
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async acquireMigrationLock(db: Kysely<any>): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('smsc-migrations'), hashtext(current_schema()))`.execute(db);
  }
  override async releaseMigrationLock(): Promise<void> {
    // released by the transaction's end
  }
}

/**
 * Tables of the connection's own schema only. Kysely's PostgresIntrospector (which its Migrator asks whether its
 * tables exist) reads every schema and calls has_schema_privilege on each name: a schema dropped by another process
 * between the catalog read and that call fails the whole query with "schema … does not exist". Test files drop
 * their schemas while others migrate, and no deployment needs another schema's tables here.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(private readonly db: Kysely<any>) {}
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; table: string; kind: string; column: string | null }>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      let t = tables.get(r.table);
      if (!t) {
        t = { name: r.table, schema: r.schema, isView: r.kind === 'v', isForeign: r.kind === 'f', columns: [] };
        tables.set(r.table, t);
      }
      // only the names: nothing here reads column types
      if (r.column)
        t.columns.push({
          name: r.column,
          dataType: '',
          isNullable: true,
          isAutoIncrementing: false,
          hasDefaultValue: false,
        });
    }
    return [...tables.values()];
  }
}

export class LockingPostgresDialect extends PostgresDialect {
  override createAdapter() {
    return new MigrationLockAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
