// A benchmark's PostgreSQL database, created on first use (a fresh machine has only `test`, `root` and `postgres`).
import { Client } from 'pg';

export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const c = new Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await c.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await c.end();
  }
}
