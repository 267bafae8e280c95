// What the jest set-up and tear-down need of testing/pg-template.ts, without the app (they run outside the
// workers' module mapping).
import { Client } from 'pg';

/** Names this run's templates (jest.global-setup.ts); unset or 'off': every app migrates a schema of its own. */
export const PG_RUN_ENV = 'API_TEST_PG_RUN';

export const templatePrefix = (run: string) => `smsc_tmpl_${run}_`;
/** The test apps' copies of a run's templates. */
export const copyPrefix = (run: string) => `smsc_t_${run}_`;

/** The same server's URL with another database. */
export function urlForDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Drops the run's templates and the copies their apps could not drop (jest.global-teardown.ts). */
export async function dropRunTemplates(url: string, run: string) {
  await withClient(url, async (c) => {
    const made = await c.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) or starts_with(datname, $2)',
      [templatePrefix(run), copyPrefix(run)],
    );
    for (const { datname } of made.rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}
