import { rmSync } from 'node:fs';
import { dropRunTemplates, PG_RUN_ENV } from './src/testing/pg-run';

export default async function globalTeardown() {
  if (process.env.API_TEST_DB_TEMPLATES && process.env.API_TEST_DB_TEMPLATES !== 'off')
    rmSync(process.env.API_TEST_DB_TEMPLATES, { recursive: true, force: true });
  const run = process.env[PG_RUN_ENV];
  if (process.env.DATABASE_URL && run && run !== 'off') await dropRunTemplates(process.env.DATABASE_URL, run);
}
