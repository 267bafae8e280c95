import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PG_RUN_ENV } from './src/testing/pg-run';

// A fresh folder for this run's database templates (src/testing/db-template.ts); workers inherit it.
// API_TEST_DB_TEMPLATES=off builds every app from scratch (to compare, or to rule the copies out).
export default async function globalSetup() {
  if (process.env.API_TEST_DB_TEMPLATES === 'off') return;
  // on PostgreSQL, the name of this run's template databases (src/testing/pg-template.ts)
  if (process.env.DATABASE_URL) process.env[PG_RUN_ENV] ??= randomBytes(4).toString('hex');
  process.env.API_TEST_DB_TEMPLATES = mkdtempSync(path.join(tmpdir(), 'smsc-api-db-'));
}
