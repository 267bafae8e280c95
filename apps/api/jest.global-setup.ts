import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A fresh folder for this run's database templates (src/testing/db-template.ts); workers inherit it.
// API_TEST_DB_TEMPLATES=off builds every app from scratch (to compare, or to rule the copies out).
export default async function globalSetup() {
  if (process.env.API_TEST_DB_TEMPLATES === 'off') return;
  process.env.API_TEST_DB_TEMPLATES = mkdtempSync(path.join(tmpdir(), 'smsc-api-db-'));
}
