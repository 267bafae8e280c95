import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT, ROOT, serverDir, startServer } from './src/server';

/**
 * Clears the servers of an earlier run, then starts one server alone (first start: initdb,
 * migrations, demo seed) and stops it: its database is the template each worker's server copies,
 * so two workers never run the slow first start at the same time.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(ROOT, 'dist/apps/shell/index.html')))
    throw new Error('no production build in dist/apps: run `npm run build` first');
  rmSync(path.join(ROOT, 'tmp/e2e/servers'), { recursive: true, force: true });
  const template = await startServer('template', E2E_PORT + 8);
  await template.stop();
  if (!existsSync(path.join(serverDir('template'), 'data'))) throw new Error('the template server left no database');
}
