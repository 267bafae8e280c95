// Every environment variable the API reads, declared once: its type, default and meaning. The server
// validates them at start (read-env.ts); `.env.example` and the table in apps/api/README.md are
// generated from this list (tools/scripts/env-docs.ts), so the three cannot drift apart.
import { FormatRegistry, Type, type Static, type TLiteral, type TSchema } from '@sinclair/typebox';

/** an absolute URL with a scheme (http, https, postgres, smtp…) */
export const ENV_URL_FORMAT = 'env-url';
if (!FormatRegistry.Has(ENV_URL_FORMAT))
  FormatRegistry.Set(ENV_URL_FORMAT, (v) => {
    try {
      return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) && Boolean(new URL(v));
    } catch {
      return false;
    }
  });

/** Where a variable is listed in the generated docs. */
type Group = 'Server' | 'Database' | 'Security' | 'Mail' | 'Jobs' | 'Payments' | 'Gateway' | 'Kannel' | 'Operations';

interface Doc {
  description: string;
  group: Group;
  /** the default in words when it is computed at start (a path, another variable) */
  shown?: string;
  /** a value for `.env.example` when there is no default */
  example?: string;
}

const int = (min: number, doc: Doc & { default?: number; maximum?: number }) => Type.Integer({ minimum: min, ...doc });
const num = (min: number, max: number, doc: Doc & { default?: number }) =>
  Type.Number({ minimum: min, maximum: max, ...doc });
const bool = (doc: Doc & { default: boolean }) => Type.Boolean(doc);
const str = (doc: Doc & { default?: string }) => Type.String({ minLength: 1, ...doc });
const url = (doc: Doc & { default?: string }) => Type.String({ format: ENV_URL_FORMAT, ...doc });
const oneOf = <const T extends string>(values: readonly T[], doc: Doc & { default: NoInfer<T> }) =>
  Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T>[], doc);

export const EnvSchema = Type.Object({
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

  SMTP_URL: Type.Optional(
    url({
      group: 'Mail',
      example: 'smtp://user:pass@smtp.example.com:587',
      description: 'mail transport; without it mails go to the `outbox` table and the log',
    }),
  ),
  OUTBOX_POLL_MS: int(0, {
    default: 1000,
    group: 'Mail',
    description:
      'how often the outbox dispatcher sends mail written inside transactions (low-balance alerts, invoice mails) after commit; retries 2, 4, 8… s (≤ 10 min), 8 attempts; `0` turns the timer off',
  }),
  WEBHOOK_ALLOW_PRIVATE: bool({
    default: false,
    group: 'Mail',
    description: 'DID and company webhooks may call private and loopback addresses (tests, closed networks)',
  }),
  COMPANY_WEBHOOK_POLL_MS: int(0, {
    default: 500,
    group: 'Mail',
    description:
      'how often company webhook events (message status, incoming messages, balance alerts) and status callbacks are delivered; retries 5 s, 20 s, 80 s… (×4), 8 attempts; `0` turns the timer off',
  }),

  RECEIPT_EXPIRY_MINUTES: num(0.001, 1e7, {
    default: 2880,
    group: 'Jobs',
    description:
      'a message `sent` this long without a delivery receipt turns `undelivered` ("Expired: no delivery receipt within …") and its hold is released',
  }),
  RECEIPT_EXPIRY_CHECK_SECONDS: num(0.001, 1e7, {
    default: 300,
    group: 'Jobs',
    description: 'how often the lost-receipt job looks for such messages',
  }),
  CLUSTER_POLL_MS: int(50, {
    default: 250,
    group: 'Jobs',
    description:
      "several API nodes on one PostgreSQL: how often a node tries to take a periodic task over (scheduled messages, report folds) and runs those it leads; a dead node's tasks move within about this time",
  }),
  REPORT_FOLD_MS: int(1, {
    default: 5000,
    group: 'Jobs',
    description: 'how often message events are folded into the report rollups',
  }),

  STRIPE_SECRET_KEY: Type.Optional(
    str({
      group: 'Payments',
      description: 'card checkout through Stripe Checkout; without it a built-in test checkout page (offline)',
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    str({
      group: 'Payments',
      description: 'verifies `POST /payments/stripe/webhook` (tolerance 300 s); without it the webhook answers 404',
    }),
  ),
  PAYPAL_CLIENT_ID: Type.Optional(
    str({ group: 'Payments', description: 'the PayPal payment button (with PAYPAL_CLIENT_SECRET); without: 409' }),
  ),
  PAYPAL_CLIENT_SECRET: Type.Optional(str({ group: 'Payments', description: 'secret of PAYPAL_CLIENT_ID' })),
  PAYPAL_ENVIRONMENT: oneOf(['sandbox', 'production'] as const, {
    default: 'sandbox',
    group: 'Payments',
    description: '`production` for live PayPal',
  }),
  PAYPAL_API_BASE: Type.Optional(
    url({
      group: 'Payments',
      description: "send the SDK's calls to another base URL (a local fake of PayPal's API in tests)",
    }),
  ),

  GATEWAY_SECRET: Type.Optional(
    str({
      group: 'Gateway',
      shown: 'random per process',
      description:
        "shared secret of the gateway's inbound calls (`GET /gateway/dlr`, `GET /gateway/mo`); set it when Kannel calls in, the same on every node",
    }),
  ),
  SMSC_SIM_LATENCY_MS: int(0, {
    default: 1000,
    group: 'Gateway',
    description: 'built-in SMSC simulator: time from submit to the delivery report',
  }),
  GUARDS_ENABLED: bool({
    default: true,
    group: 'Gateway',
    description:
      'spend and fraud guards on the send pipeline (spend limits, destinations, pumping, margin floor; docs/guards.md); false only to measure their cost',
  }),
  SMSC_SIM_FAILURE_RATE: num(0, 1, {
    default: 0.05,
    group: 'Gateway',
    description: 'built-in SMSC simulator: share of messages reported undelivered (0..1)',
  }),

  SMPP_PORT: int(0, {
    default: 2775,
    maximum: 65535,
    group: 'Gateway',
    description:
      'port of the customer SMPP 3.4 listener (companies bind with their SMPP accounts); 0 picks a free port',
  }),
  SMPP_HOST: str({ default: '0.0.0.0', group: 'Gateway', description: 'address the SMPP listener binds to' }),
  SMPPS_PORT: Type.Optional(
    int(0, {
      maximum: 65535,
      group: 'Gateway',
      example: '3550',
      description: 'port of the SMPP listener over TLS; needs `SMPP_TLS_CERT` and `SMPP_TLS_KEY`',
    }),
  ),
  SMPP_TLS_CERT: Type.Optional(
    str({
      group: 'Gateway',
      example: '/etc/smsc/smpp.crt',
      description: 'PEM certificate (chain) file of the TLS listener',
    }),
  ),
  SMPP_TLS_KEY: Type.Optional(
    str({ group: 'Gateway', example: '/etc/smsc/smpp.key', description: 'PEM private key file of the TLS listener' }),
  ),
  SMPP_PENDING_HOURS: int(1, {
    default: 72,
    group: 'Gateway',
    description: 'hours a receipt or incoming message waits for an SMPP customer to bind before it expires undelivered',
  }),

  KANNEL_SENDSMS_URL: Type.Optional(
    url({
      group: 'Kannel',
      example: 'http://127.0.0.1:14113/cgi-bin/sendsms',
      description: "smsbox's sendsms URL: when set, Kannel is the gateway instead of the simulator",
    }),
  ),
  KANNEL_SENDSMS_USER: str({
    default: 'smsc-console',
    group: 'Kannel',
    description: 'the `sendsms-user` the API sends with',
  }),
  KANNEL_SENDSMS_PASSWORD: Type.Optional(
    str({ group: 'Kannel', shown: '– (required with Kannel)', description: 'its password' }),
  ),
  KANNEL_ADMIN_URL: url({
    default: 'http://127.0.0.1:14000',
    group: 'Kannel',
    description: "bearerbox's admin interface (restart, add/stop/start-smsc)",
  }),
  KANNEL_ADMIN_PASSWORD: Type.Optional(
    str({ group: 'Kannel', shown: '– (required with Kannel)', description: 'its password' }),
  ),
  KANNEL_STATUS_PASSWORD: Type.Optional(
    str({ group: 'Kannel', shown: 'the admin password', description: '`status.xml` (link health)' }),
  ),
  KANNEL_SMSBOX_PORT: Type.Optional(
    int(1, { maximum: 65535, group: 'Kannel', shown: 'admin port + 1', description: "bearerbox's box port" }),
  ),
  KANNEL_CONF: Type.Optional(
    str({
      group: 'Kannel',
      shown: '`<repo>/tmp/kannel/kannel.conf`',
      description: 'the kannel.conf POST /gateway restart writes',
    }),
  ),
  KANNEL_DATA_DIR: Type.Optional(
    str({ group: 'Kannel', shown: "KANNEL_CONF's directory", description: 'the file store, DLR spool and logs' }),
  ),
  KANNEL_CALLBACK_URL: Type.Optional(
    url({
      group: 'Kannel',
      shown: '`http://127.0.0.1:$PORT/api_smsc/v1`',
      description: 'the API as Kannel reaches it (dlr-url, sms-service get-url)',
    }),
  ),
  KANNEL_MAX_MESSAGES: int(1, {
    default: 10,
    group: 'Kannel',
    description: 'parts per message (longer texts fail `too_long` instead of being cut by Kannel)',
  }),
  KANNEL_WINDOW: int(1, {
    default: 500,
    group: 'Kannel',
    description: 'SMPP `max-pending-submits` of a connection whose own window is empty',
  }),
  KANNEL_LOG_LEVEL: int(0, {
    default: 2,
    maximum: 4,
    group: 'Kannel',
    description: "both boxes' `log-level` (0 debug, 1 info: a line per receipt in smsbox.log, 2 warnings, 4 panics)",
  }),
  KANNEL_ACCESS_LOG: bool({
    default: false,
    group: 'Kannel',
    description: "write the boxes' access logs (a line per message and per receipt; the message log holds the same)",
  }),
});

export type EnvConfig = Static<typeof EnvSchema>;
export type EnvName = keyof EnvConfig;

/** A declared variable with its documentation (for the generated docs). */
export interface EnvEntry extends Doc {
  name: EnvName;
  schema: TSchema;
  default?: unknown;
}

export const ENV_ENTRIES: EnvEntry[] = Object.entries(EnvSchema.properties).map(([name, schema]) => {
  const s = schema as unknown as TSchema & Doc & { default?: unknown };
  return {
    name: name as EnvName,
    schema: s,
    description: s.description,
    group: s.group,
    shown: s.shown,
    example: s.example,
    default: s.default,
  };
});
