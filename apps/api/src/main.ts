import path from 'node:path';
import { build } from './app';
import { REPO_ROOT, originList } from './config';

async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const app = await build({
    logger: { level: env.LOG_LEVEL || 'info' },
    dataDir: env.DATA_DIR ?? path.join(REPO_ROOT, 'data/pglite'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS ? Number(env.TOKEN_TTL_SECONDS) : undefined,
    webRoot: env.WEB_ROOT || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    chunkTimeoutMs: env.CHUNK_TIMEOUT_MS ? Number(env.CHUNK_TIMEOUT_MS) : undefined,
    loginPerIp: env.LOGIN_PER_IP ? Number(env.LOGIN_PER_IP) : undefined,
    corsOrigins: originList(env.CORS_ORIGINS),
    require2faSystemAdmin: env.REQUIRE_2FA_SYSTEM_ADMIN === 'true',
    cspRemoteOrigins: originList(env.CSP_REMOTE_ORIGINS),
  });
  if (!env.JWT_SECRET) app.log.warn('JWT_SECRET not set: using a random secret, sessions end on restart');
  // Close the database cleanly so PGlite flushes its files.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void app.close().then(() => process.exit(0)));
  await app.listen({ port, host: env.HOST ?? '0.0.0.0' });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
