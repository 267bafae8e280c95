// Starts the real API with a copy of the production build on a fresh database, for the e2e run,
// and a local SMTP listener whose mails the tests read (registration and reset links).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '../..');
// E2E_DIR: this server's own web copy, database and mail (each Playwright worker has one)
const base = process.env.E2E_DIR ? path.resolve(process.env.E2E_DIR) : path.join(root, 'tmp/e2e');
const web = path.join(base, 'web');
const data = path.join(base, 'data');
const mail = path.join(base, 'mail');
const port = Number(process.env.PORT ?? 4310);
const smtpPort = port + 1000;
for (const dir of [web, data, mail]) rmSync(dir, { recursive: true, force: true });
mkdirSync(mail, { recursive: true });
// E2E_DATA_FROM: the database of a server started and stopped earlier (migrated and seeded), so a
// fresh copy opens in seconds instead of running initdb, migrations and the seed again
if (process.env.E2E_DATA_FROM) {
  const from = path.resolve(process.env.E2E_DATA_FROM);
  cpSync(from, data, { recursive: true });
  // the server key lives beside the data directory: without the same key, secrets sealed in the copy would not open
  const key = path.join(path.dirname(from), 'secret.key');
  if (existsSync(key)) cpSync(key, path.join(base, 'secret.key'));
}
// a copy, so the redeploy test can rebuild one remote into it without touching dist/
cpSync(path.join(root, 'dist/apps'), web, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      count += 1;
      writeFileSync(
        path.join(mail, `${Date.now()}-${count}.json`),
        JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
      );
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const env = {
  ...process.env,
  HOST: '127.0.0.1',
  WEB_ROOT: web,
  DATA_DIR: data,
  // always the fresh PGlite of DATA_DIR, also when the caller's DATABASE_URL points the server suite at PostgreSQL (CI)
  DATABASE_URL: '',
  DEMO_PASSWORD: process.env.DEMO_PASSWORD ?? 'demo-password-1',
  CHUNK_TIMEOUT_MS: process.env.CHUNK_TIMEOUT_MS ?? '8000',
  JWT_SECRET: 'e2e-secret-not-for-production-0123456789',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // every test signs in from 127.0.0.1; the per-IP limit itself is covered by the server tests
  LOGIN_PER_IP: '1000',
  // scrypt at OWASP cost is ~0.3-1.3 s a sign-in on these machines; the cost itself is covered by the server tests
  PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? 'fast',
  // request lines of a whole run drown the test output; warnings and errors still show
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // the SMSC simulator delivers every message, quickly: a journey that waits for "delivered" must not
  // meet the demo's 5% failure rate (failures are covered by the server tests)
  SMSC_SIM_FAILURE_RATE: process.env.SMSC_SIM_FAILURE_RATE ?? '0',
  SMSC_SIM_LATENCY_MS: process.env.SMSC_SIM_LATENCY_MS ?? '300',
  // the registry simulator decides filings in 2 s (docs/compliance.md)
  COMPLIANCE_SIM_REVIEW_SECONDS: process.env.COMPLIANCE_SIM_REVIEW_SECONDS ?? '2',
  // the webhook journey's endpoint listens on loopback, which the address policy refuses outside tests (the policy
  // itself is covered by the server tests)
  WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE ?? 'true',
  // each server its own customer SMPP port (2775 for every worker and the redeploy spec's server collided); the SMPP
  // journey binds to HTTP port + 2000
  SMPP_PORT: process.env.SMPP_PORT ?? String(port + 2000),
};
// one line per server in the test log: the API runs on this same Node (process.execPath), the pinned one
console.log(`[e2e-server] node --version ${process.version}, port ${port}`);
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
  stdio: 'inherit',
  env,
  cwd: root,
});
const stop = (sig) => {
  server.kill(sig);
  smtp.close();
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
// started by a Playwright worker: stop with it even if it dies without tearing its fixtures down
if (process.env.E2E_STOP_WITH_PARENT) {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop('SIGTERM'), 1000).unref();
}
server.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
