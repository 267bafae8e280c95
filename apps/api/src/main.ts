import { build } from './app';
import { ConfigError, loadEnv, originList, parsePasswordHashCost, parseTrustProxy, REPO_ROOT } from './config';
import { closeOnSignals } from './ops';
import path from 'node:path';

async function main() {
  // every variable is checked before anything starts: a bad one ends the process naming it
  const env = loadEnv();
  const app = await build({
    env,
    logger: { level: env.LOG_LEVEL },
    dataDir: env.DATA_DIR ?? path.join(REPO_ROOT, 'data/pglite'),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    demoPassword: env.DEMO_PASSWORD,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    webRoot: env.WEB_ROOT,
    smtpUrl: env.SMTP_URL,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    chunkTimeoutMs: env.CHUNK_TIMEOUT_MS,
    loginPerIp: env.LOGIN_PER_IP,
    corsOrigins: originList(env.CORS_ORIGINS),
    require2faSystemAdmin: env.REQUIRE_2FA_SYSTEM_ADMIN,
    cspRemoteOrigins: originList(env.CSP_REMOTE_ORIGINS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    passwordHashCost: parsePasswordHashCost(env.PASSWORD_HASH_COST, env.NODE_ENV),
  });
  if (!env.JWT_SECRET) app.log.warn('JWT_SECRET not set: using a random secret, sessions end on restart');
  closeOnSignals(app, { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, exit: (code) => process.exit(code) });
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
