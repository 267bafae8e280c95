import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  if (process.env.API_TEST_DB_TEMPLATES && process.env.API_TEST_DB_TEMPLATES !== 'off')
    rmSync(process.env.API_TEST_DB_TEMPLATES, { recursive: true, force: true });
}
