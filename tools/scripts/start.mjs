// `npm start`: build the console (cached by Nx) and serve it with the API on one origin.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };
if (!process.env.SKIP_BUILD) {
  execSync('npx nx run-many -t build --parallel=2 --output-style=static', { stdio: 'inherit', env, cwd: root });
}
env.DATA_DIR ??= path.join(root, 'data/pglite');
env.WEB_ROOT ??= path.join(root, 'dist/apps');
if (!existsSync(path.join(env.WEB_ROOT, 'shell/index.html'))) {
  console.error(`No console build in ${env.WEB_ROOT}`);
  process.exit(1);
}
console.log(`Starting the API on Node ${process.version}`);
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
  stdio: 'inherit',
  env,
  cwd: root,
});
// Ctrl-C reaches this script and the server alike (one process group); the server takes the copy forwarded here as
// the same stop request (ops/graceful-shutdown.ts), and this one forwards a `kill` aimed at it alone
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => {
  console.log(`The API stopped: ${signal ?? `exit code ${code}`}`);
  process.exit(code ?? 1);
});

const port = Number(env.PORT ?? 3000);
const started = Date.now();
const poll = setInterval(async () => {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/remotes.json`)).ok) {
      clearInterval(poll);
      console.log(
        `\n  SMSC Console is ready: open http://localhost:${port}/  (API: http://localhost:${port}/api_smsc/v1/docs)` +
          `\n  Customer SMPP listener: localhost:${env.SMPP_PORT ?? 2775}` +
          (env.SMPPS_PORT ? ` (TLS: localhost:${env.SMPPS_PORT})` : '') +
          ' (docs/smpp.md)\n',
      );
    }
  } catch {
    if (Date.now() - started > 180_000) clearInterval(poll);
  }
}, 500);
