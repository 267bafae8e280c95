// CI's check of the release (.ci/run, after npm test and `npm run release`): the folder `npm run release` wrote is
// copied to a clean temporary folder, installed with production dependencies only (`npm ci --omit=dev`, as the
// Dockerfile does) and started with plain `node main.js` on a fresh PGlite; then GET /health and /ready answer 200,
// /metrics answers, the console's page is served, a demo company admin signs in and one SMS is delivered by the
// built-in SMSC simulator, and SIGTERM drains the server to exit 0. RELEASE_DIR (default dist/release) picks the folder.
import { execSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const release = path.resolve(root, process.env.RELEASE_DIR ?? 'dist/release');
const PASSWORD = 'release-check-password-1';
const started = Date.now();
const secs = (t0 = started) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const log = (s) => console.log(`[release-check] ${s}`);
const fail = (s) => {
  console.error(`[release-check] ✗ ${s}`);
  process.exitCode = 1;
  throw new Error(s);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// a deadline that does not keep the process alive once the check is over
const deadline = (ms) => new Promise((r) => setTimeout(r, ms).unref());
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
const kib = (dir) =>
  Number(
    execSync(`du -sk ${JSON.stringify(dir)}`)
      .toString()
      .split('\t')[0],
  );

if (!existsSync(path.join(release, 'main.js'))) {
  console.error(`[release-check] ✗ no release in ${release}: run \`npm run release\` first`);
  process.exit(1);
}
const work = mkdtempSync(path.join(os.tmpdir(), 'smsc-release-'));
const app = path.join(work, 'app');
let server;
try {
  cpSync(release, app, { recursive: true });
  const t0 = Date.now();
  execSync('npm ci --omit=dev --no-audit --no-fund --loglevel=error', { cwd: app, stdio: 'inherit' });
  const prod = kib(path.join(app, 'node_modules'));
  const full = existsSync(path.join(root, 'node_modules')) ? kib(path.join(root, 'node_modules')) : NaN;
  log(
    `npm ci --omit=dev: ${secs(t0)}; node_modules ${(prod / 1024).toFixed(0)} MiB` +
      ` (the repository's full install: ${(full / 1024).toFixed(0)} MiB)`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // a clean environment: nothing of CI's (DATABASE_URL, test settings) reaches the release
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? work,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SMPP_PORT: String(await freePort()),
    DATA_DIR: path.join(work, 'data'),
    DEMO_PASSWORD: PASSWORD,
    JWT_SECRET: 'release-check-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
    // every message delivered, quickly: the check is that the pipeline runs, not the simulator's failure rate
    SMSC_SIM_FAILURE_RATE: '0',
    SMSC_SIM_LATENCY_MS: '100',
  };
  const t1 = Date.now();
  server = spawn(process.execPath, ['main.js'], { cwd: app, env, stdio: 'inherit' });
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  server.on('exit', (code) => code && log(`server exited with ${code}`));

  let ready = 0;
  while (ready !== 200) {
    if (server.exitCode !== null) fail(`the server exited (${server.exitCode}) before /ready answered 200`);
    if (Date.now() - t1 > 120_000) fail(`/ready not 200 after 120 s (last: ${ready})`);
    await sleep(250);
    ready = await fetch(`${base}/ready`).then(
      (r) => r.status,
      () => 0,
    );
  }
  log(`node main.js: /ready 200 after ${secs(t1)}`);
  const health = await fetch(`${base}/health`);
  if (health.status !== 200) fail(`/health answered ${health.status}`);
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<html')) fail(`/ answered ${page.status}, not the console's page`);
  const remotes = await fetch(`${base}/remotes/system-admin/remoteEntry.js`);
  if (remotes.status !== 200) fail(`a remote's entry answered ${remotes.status}`);
  // loopback may scrape without METRICS_TOKEN (ops/index.ts): what Prometheus reads in deploy/compose.yaml
  const metrics = await fetch(`${base}/metrics`);
  if (metrics.status !== 200 || !(await metrics.text()).includes('smsc_ready{')) fail('/metrics has no smsc_ready');
  log('/health 200; /metrics answers; the console and a remote are served');

  const api = `${base}/api_smsc/v1`;
  const signIn = await fetch(`${api}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'acme-admin@example.com', password: PASSWORD }),
  });
  if (signIn.status !== 200) fail(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const auth = { authorization: `Bearer ${(await signIn.json()).token}` };
  log('signed in as acme-admin@example.com');

  const t2 = Date.now();
  const sent = await fetch(`${api}/sms`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ani: '+12125552301', dnis: '+14155550142', text: 'Release check' }),
  });
  if (sent.status !== 201) fail(`POST /sms answered ${sent.status}: ${await sent.text()}`);
  const { sms } = await sent.json();
  let status = sms.status;
  while (status !== 'delivered') {
    if (['undelivered', 'failed', 'blocked', 'cancelled'].includes(status)) fail(`the SMS ended ${status}`);
    if (Date.now() - t2 > 60_000) fail(`the SMS is still ${status} after 60 s`);
    await sleep(200);
    const res = await fetch(`${api}/sms/${sms.sms_uuid}`, { headers: auth });
    if (res.status !== 200) fail(`GET /sms/${sms.sms_uuid} answered ${res.status}`);
    status = (await res.json()).sms.status;
  }
  log(`one SMS delivered by the simulator ${secs(t2)} after POST /sms`);

  const t3 = Date.now();
  server.kill('SIGTERM');
  const end = await Promise.race([exited, deadline(30_000).then(() => null)]);
  if (!end) fail('no exit within 30 s of SIGTERM');
  if (end.code !== 0) fail(`SIGTERM: exit ${end.code ?? end.signal}, not 0`);
  server = null;
  log(`SIGTERM: drained and exited 0 in ${secs(t3)}`);
  log(`✓ release checked in ${secs()}`);
} catch (err) {
  if (!process.exitCode) console.error(err);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
