// PostgreSQL's side of testing/db-template.ts: every test app used to migrate and seed a fresh schema of its own
// (5–8 s a build on this machine, for ~150 apps of the server suite). Now the run migrates and seeds one template
// database per seed variant, and each app gets `CREATE DATABASE … TEMPLATE` of it, dropped again when it closes.
import { randomBytes } from 'node:crypto';
import { connect } from '../db/connect';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';
import { quiet, templateId, type TemplateKey } from './db-template';
import { SCRATCH_MIGRATION_CONTEXT } from './scratch-db';
import { copyPrefix, PG_RUN_ENV, templatePrefix, urlForDatabase, withClient } from './pg-run';

/** The schema inside a template and its copies (the app's job queue adds `<schema>_jobs` beside it). */
export const TEMPLATE_SCHEMA = 'app';

const nothing = () => undefined;

function templateName(run: string, key: TemplateKey) {
  return `${templatePrefix(run)}${templateId(key, 10)}`;
}

/** The run's template for `key`, made by whichever worker asks first (the others wait on an advisory lock). */
async function ensureTemplate(url: string, run: string, key: TemplateKey): Promise<string> {
  const name = templateName(run, key);
  await withClient(url, async (c) => {
    await c.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const made = await c.query('select 1 from pg_database where datname = $1', [name]);
      if (made.rowCount) return;
      await c.query(`create database ${name}`);
      const db = await connect({ databaseUrl: urlForDatabase(url, name), schema: TEMPLATE_SCHEMA });
      try {
        await migrate(db, SCRATCH_MIGRATION_CONTEXT);
        if (key.seed) await seed(db, quiet, key.demoPassword, key.demoTraffic, key.demoBilling, 'fast');
      } finally {
        // a template may have no session open when it is copied
        await db.destroy();
      }
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

export interface PgCopy {
  databaseUrl: string;
  dbSchema: string;
  drop(): Promise<void>;
}

/** A database of its own copied from the run's template for `key`, or undefined outside such a run. */
export async function postgresFromTemplate(url: string, key: TemplateKey): Promise<PgCopy | undefined> {
  const run = process.env[PG_RUN_ENV];
  if (!run || run === 'off') return undefined;
  const template = await ensureTemplate(url, run, key);
  const name = `${copyPrefix(run)}${randomBytes(6).toString('hex')}`;
  await withClient(url, (c) => c.query(`create database ${name} template ${template}`));
  return {
    databaseUrl: urlForDatabase(url, name),
    dbSchema: TEMPLATE_SCHEMA,
    // Not forced: a session some part of the app left open past its close (a pool that ends lazily) would be killed
    // under a test that is still running and fail it with an unhandled error. A copy still in use is dropped, with
    // force, by the run's tear-down once every worker has exited.
    drop: () =>
      withClient(url, (c) => c.query(`drop database if exists ${name}`)).then(nothing, (err: { code?: string }) => {
        if (err.code !== '55006') throw err;
      }),
  };
}
