// Starts the real API with a copy of the production build on a fresh database, for the e2e run.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const base = path.join(root, 'tmp/e2e');
const web = path.join(base, 'web');
const data = path.join(base, 'data');
rmSync(web, { recursive: true, force: true });
rmSync(data, { recursive: true, force: true });
mkdirSync(base, { recursive: true });
// a copy, so the redeploy test can rebuild one remote into it without touching dist/
cpSync(path.join(root, 'dist/apps'), web, { recursive: true });

const env = {
  ...process.env,
  HOST: '127.0.0.1',
  WEB_ROOT: web,
  DATA_DIR: data,
  DEMO_PASSWORD: process.env.DEMO_PASSWORD ?? 'demo-password-1',
  CHUNK_TIMEOUT_MS: process.env.CHUNK_TIMEOUT_MS ?? '8000',
  JWT_SECRET: 'e2e-secret-not-for-production-0123456789',
};
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], { stdio: 'inherit', env, cwd: root });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
