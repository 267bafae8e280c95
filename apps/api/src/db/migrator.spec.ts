// The migrator (db/migrator.ts): the list once however many nodes start at once, the list's order,
// migrations added anywhere in the list later, and databases migrated by the former runner.
// With DATABASE_URL each test gets a throw-away database of its own on that PostgreSQL (several pools
// on it are several nodes); without it an in-memory PGlite.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { connect } from './connect';
import { migrate, migrationIds } from './migrations';
import { runMigrations, migrationName, MIGRATION_TABLE, type ListedMigration } from './migrator';
import type { Database } from './schema';
import { loadSecretKey, secretBox } from '../lib/secret-box';

const url = process.env.DATABASE_URL || undefined;
// the sealing migration (013) needs the server's key
const ctx = {
  secrets: {
    smscPassword: secretBox(
      loadSecretKey({ dataDir: 'memory' }, () => undefined),
      'smsc_connections.password',
    ),
  },
};

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// PGlite: one in-memory database for the small lists, a schema of its own per test (an initdb costs seconds)
let shared: Kysely<Database> | null = null;
afterAll(() => shared?.destroy());

/** `nodes` connections to one fresh database (small: a fresh schema on PGlite), and a close that drops it. */
async function freshDatabase(
  nodes: number,
  small = false,
): Promise<{ dbs: Kysely<Database>[]; close(): Promise<void> }> {
  if (!url && small) {
    shared ??= await connect({ dataDir: 'memory' });
    const db = shared;
    const schema = `m_${randomBytes(5).toString('hex')}`;
    await sql.raw(`create schema ${schema}; set search_path to ${schema}`).execute(db);
    return {
      dbs: [db],
      close: async () => void (await sql.raw(`drop schema ${schema} cascade; reset search_path`).execute(db)),
    };
  }
  if (!url) {
    const db = await connect({ dataDir: 'memory' });
    return { dbs: Array.from({ length: nodes }, () => db), close: () => db.destroy() };
  }
  const name = `mig_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(url);
  u.pathname = `/${name}`;
  const dbs = await Promise.all(Array.from({ length: nodes }, () => connect({ databaseUrl: u.toString() })));
  return {
    dbs,
    async close() {
      await Promise.all(dbs.map((d) => d.destroy()));
      // a pool's end resolves before its sockets close; a forced drop would then kill a closing connection, which
      // the pool reports as an unhandled error, so wait for them to go
      await admin(async (c) => {
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`drop database ${name} with (force)`);
      });
    },
  };
}

const names = async (db: Kysely<Database>) =>
  (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows.map(
    (r) => r.name,
  );
const tableExists = async (db: Kysely<Database>, t: string) =>
  !!(await sql<{ t: string | null }>`select to_regclass(${t}) as t`.execute(db)).rows[0].t;

describe('migrate', () => {
  it('three nodes starting at once on one database: all succeed and each migration is applied once', async () => {
    const { dbs, close } = await freshDatabase(3);
    try {
      const t0 = Date.now();
      const results = await Promise.all(dbs.map((db) => migrate(db, ctx)));
      const ms = Date.now() - t0;
      const applied = results.flatMap((r) => r.applied);
      // one node did everything in the list's order; the others waited on the lock and found it done
      expect(applied).toEqual(migrationIds());
      expect(results.filter((r) => r.applied.length === 0)).toHaveLength(2);
      expect(await names(dbs[0])).toEqual(migrationIds().map((id, i) => migrationName(i, id)));
      expect((await migrate(dbs[1], ctx)).applied).toEqual([]);
      console.log(
        `${migrationIds().length} migrations by 3 racing nodes in ${ms} ms (${url ? 'PostgreSQL' : 'PGlite'})`,
      );
      // the same database as the former runner left it: every id in schema_migrations, no Migrator table
      await sql`drop table kysely_migration, kysely_migration_lock`.execute(dbs[0]);
      await sql`create table schema_migrations (id text primary key, applied_on timestamptz not null default now())`.execute(
        dbs[0],
      );
      for (const id of migrationIds()) await sql`insert into schema_migrations (id) values (${id})`.execute(dbs[0]);
      const again = await Promise.all(dbs.map((db) => migrate(db, ctx)));
      expect(again.flatMap((r) => r.applied)).toEqual([]);
      expect(again.reduce((n, r) => n + r.carried, 0)).toBe(migrationIds().length);
    } finally {
      await close();
    }
  }, 120_000);
});

describe('runMigrations', () => {
  let dbs: Kysely<Database>[];
  let close: () => Promise<void>;
  beforeEach(async () => ({ dbs, close } = await freshDatabase(1, true)));
  afterEach(() => close());

  const create = (id: string, table: string): ListedMigration<object> => ({ id, ddl: `create table ${table} (x int)` });
  const ids = (list: ListedMigration<object>[]) => list.map((m) => m.id);

  it('applies in the order of the list, not of the ids, and sends a PL/pgSQL body with its semicolons whole', async () => {
    const list = [
      create('900_later_id', 't_one'),
      {
        id: '100_earlier_id',
        ddl: `create table t_two (x int);
          create function t_two_bump() returns trigger language plpgsql as $fn$
          begin new.x := new.x + 1; return new; end $fn$;
          create trigger t_two_bump before insert on t_two for each row execute function t_two_bump();
          insert into t_one select 1 where exists (select 1 from t_one) is false`,
      },
    ];
    expect((await runMigrations(dbs[0], list, {})).applied).toEqual(ids(list));
    await sql`insert into t_two values (41)`.execute(dbs[0]);
    expect((await sql<{ x: number }>`select x from t_two`.execute(dbs[0])).rows).toEqual([{ x: 42 }]);
    expect((await sql<{ x: number }>`select x from t_one`.execute(dbs[0])).rows).toEqual([{ x: 1 }]);
  });

  it('a migration added in the middle of the list later runs before those after it that are pending, and none twice', async () => {
    const a = create('010_a', 't_a');
    const c = create('030_c', 't_c');
    expect((await runMigrations(dbs[0], [a, c], {})).applied).toEqual(['010_a', '030_c']);
    // another engineer's domain list grew: b lands between a and c, d and e at the end (e depends on b)
    const b = create('200_b', 't_b');
    const d = create('040_d', 't_d');
    const e: ListedMigration<object> = { id: '005_e', ddl: 'alter table t_b add column y int' };
    const list = [a, b, c, d, e];
    expect((await runMigrations(dbs[0], list, {})).applied).toEqual(['200_b', '040_d', '005_e']);
    expect(await names(dbs[0])).toEqual(list.map((m, i) => migrationName(i, m.id)));
    expect((await runMigrations(dbs[0], list, {})).applied).toEqual([]);
  });

  it('a database of the former runner: its schema_migrations ids are recorded, not run again', async () => {
    await sql`create table schema_migrations (id text primary key, applied_on timestamptz not null default now())`.execute(
      dbs[0],
    );
    await sql`create table t_old (x int)`.execute(dbs[0]);
    await sql`insert into schema_migrations (id, applied_on) values ('001_old', '2026-01-02T03:04:05Z')`.execute(
      dbs[0],
    );
    const list = [create('001_old', 't_old'), create('002_new', 't_new')];
    const r = await runMigrations(dbs[0], list, {});
    expect(r).toEqual({ applied: ['002_new'], carried: 1 });
    const rows = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from ${sql.table(MIGRATION_TABLE)} order by name`.execute(dbs[0]);
    expect(rows.rows[0]).toEqual({ name: migrationName(0, '001_old'), timestamp: '2026-01-02T03:04:05.000Z' });
    expect(await runMigrations(dbs[0], list, {})).toEqual({ applied: [], carried: 0 });
  });

  it('a failing migration names itself and leaves nothing of the run behind', async () => {
    const list = [create('001_fine', 't_fine'), { id: '002_broken', ddl: 'create table t_x (x int); select nope' }];
    await expect(runMigrations(dbs[0], list, {})).rejects.toThrow(/migration 002_broken failed: .*nope/);
    expect(await tableExists(dbs[0], 't_fine')).toBe(false);
    expect(await tableExists(dbs[0], 't_x')).toBe(false);
    expect((await runMigrations(dbs[0], [list[0]], {})).applied).toEqual(['001_fine']);
  });

  it('refuses a list that names an id twice', async () => {
    await expect(runMigrations(dbs[0], [create('001_x', 't1'), create('001_x', 't2')], {})).rejects.toThrow(
      /001_x is listed twice/,
    );
  });
});

describe('the introspector the migrator asks', () => {
  it("sees the connection's own schema only, so other schemas (dropped meanwhile or not) never enter its query", async () => {
    const { dbs, close } = await freshDatabase(1, true);
    const other = `o_${randomBytes(5).toString('hex')}`;
    try {
      await sql
        .raw(`create table mine (x int); create schema ${other}; create table ${other}.theirs (y int)`)
        .execute(dbs[0]);
      const tables = await dbs[0].introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(['mine']);
      expect(tables[0].columns.map((c) => c.name)).toEqual(['x']);
      expect((await dbs[0].introspection.getSchemas()).map((s) => s.name)).toEqual([tables[0].schema]);
    } finally {
      await sql.raw(`drop schema if exists ${other} cascade`).execute(dbs[0]);
      await close();
    }
  });
});
