// The server, its database and its security: where it listens, what it stores, how it signs in.
import { Type } from '@sinclair/typebox';
import { bool, int, oneOf, str, url } from './env-kinds';

export const SERVER_ENV = {
  PORT: int(0, { default: 3000, maximum: 65535, group: 'Server', description: 'port the API and console listen on' }),
  HOST: str({ default: '0.0.0.0', group: 'Server', description: 'address the API listens on' }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, {
    default: 'info',
    group: 'Server',
    description: 'log level of the JSON log on stdout',
  }),
  PUBLIC_URL: Type.Optional(
    url({ group: 'Server', shown: '`http://localhost:$PORT`', description: 'base of links in mails' }),
  ),
  WEB_ROOT: Type.Optional(
    str({
      group: 'Server',
      shown: '`<repo>/dist/apps`',
      description: 'built console (`shell`, `system-admin`, `company-admin`, `company-user`, `reseller`)',
    }),
  ),
  CHUNK_TIMEOUT_MS: int(1, { default: 120000, group: 'Server', description: 'reported in `/remotes.json`' }),
  CORS_ORIGINS: Type.Optional(
    str({
      group: 'Server',
      example: 'https://console.example.com',
      description: 'comma-separated origins allowed to call the API from a browser; unset = same origin only',
    }),
  ),
  CSP_REMOTE_ORIGINS: Type.Optional(
    str({
      group: 'Server',
      example: 'https://cdn.example.com',
      description: 'comma-separated origins the console may load scripts, styles and data from besides its own',
    }),
  ),
  SHUTDOWN_TIMEOUT_MS: int(1, {
    default: 25000,
    group: 'Server',
    description:
      'on SIGTERM/SIGINT: stop accepting, finish requests and running jobs, then exit; past this deadline the process exits 1 anyway',
  }),

  DATA_DIR: Type.Optional(
    str({
      group: 'Database',
      shown: '`<repo>/data/pglite`',
      description: 'embedded PGlite directory (`memory` = throw-away); unused with DATABASE_URL',
    }),
  ),
  DATABASE_URL: Type.Optional(
    url({
      group: 'Database',
      example: 'postgres://smsc:secret@127.0.0.1:5432/smsc',
      description: 'use a real PostgreSQL instead of PGlite (required for more than one API node)',
    }),
  ),
  DEMO_PASSWORD: Type.Optional(
    str({ group: 'Database', shown: 'generated, logged', description: 'password of the seeded demo users' }),
  ),

  JWT_SECRET: Type.Optional(
    str({
      group: 'Security',
      shown: 'random per process',
      example: 'change-me-to-64-random-hex-digits',
      description: 'token signing key; every API node needs the same one (unset: sessions end on restart)',
    }),
  ),
  SECRET_KEY: Type.Optional(
    str({
      group: 'Security',
      shown: '`secret.key` beside DATA_DIR (generated; per process for an in-memory database)',
      description:
        '32-byte key (64 hex digits or base64, `openssl rand -hex 32`) sealing stored SMSC passwords with AES-256-GCM; keep it with the database: without it the passwords must be entered again (POST /gateway then answers 409 naming the connections)',
    }),
  ),
  TOKEN_TTL_SECONDS: int(60, { default: 3600, group: 'Security', description: 'session length in seconds' }),
  LOGIN_PER_IP: int(1, { default: 30, group: 'Security', description: 'login requests per IP per minute' }),
  HEAVY_REQUESTS_PER_TENANT: int(1, {
    default: 2,
    group: 'Security',
    description:
      'large-input calls (bulk sends and estimates, CSV imports) one company, reseller or admin may run at once; more answer 429 with Retry-After',
  }),
  REQUIRE_2FA_SYSTEM_ADMIN: bool({
    default: false,
    group: 'Security',
    description: 'system admins must sign in with two factors (one without enrols before getting a session)',
  }),
  TRUST_PROXY: Type.Optional(
    str({
      group: 'Security',
      shown: 'off: the socket peer is the client',
      example: '10.0.0.0/8',
      description:
        'proxies whose X-Forwarded-For is believed: `true` (every hop), a hop count, or comma-separated addresses/CIDRs; anything else stops the start',
    }),
  ),
  PASSWORD_HASH_COST: oneOf(['owasp', 'fast'] as const, {
    default: 'owasp',
    group: 'Security',
    description:
      'scrypt cost of new password hashes: `owasp` (N=2^17, r=8, p=1) or `fast` for tests and local runs (refused with NODE_ENV=production)',
  }),
  NODE_ENV: Type.Optional(
    str({ group: 'Security', example: 'production', description: '`production` refuses settings meant for tests' }),
  ),
  METRICS_TOKEN: Type.Optional(
    str({
      group: 'Operations',
      shown: 'none: `/metrics` answers only loopback callers',
      example: 'change-me-metrics-token',
      description:
        'bearer token of `GET /metrics` (`Authorization: Bearer …`); when set, any address may scrape with it',
    }),
  ),
};
