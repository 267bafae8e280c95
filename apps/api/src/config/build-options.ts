// What a build is given (BuildOptions: a test, a benchmark or main.ts) and what plugins read after
// (AppConfig). It names each domain's options, so only the composition root imports it (app.ts,
// plugins/core.ts); domains read the environment through config/index.ts, which does not lead here.
import path from 'node:path';
import type { MessagingOptions } from '../messaging';
import type { NumberLookupOptions } from '../number-lookup';
import type { CompanyWebhookOptions } from '../company-webhooks';
import type { SmppLimits } from '../smpp';
import type { RouteQualityOptions } from '../route-quality';
import type { RetentionOptions } from '../retention';
import type { PasswordHashCost } from '../lib/passwords';
import type { EnvConfig } from './env';
import { loadEnv } from './read-env';
import { REPO_ROOT, type TrustProxy } from './values';

export interface BuildOptions {
  databaseUrl?: string;
  dataDir?: string | 'memory';
  /** with databaseUrl: run in this schema (tests use one per file) */
  dbSchema?: string;
  jwtSecret?: string;
  demoPassword?: string;
  tokenTtlSeconds?: number;
  webRoot?: string;
  /** true, or a level: main.ts passes LOG_LEVEL (the e2e run keeps only warnings) */
  logger?: boolean | { level: string };
  seed?: boolean;
  /** with seed: demo payments, usage and invoices (tests turn it off so every account starts at zero) */
  demoBilling?: boolean;
  smtpUrl?: string;
  /** base of links in mails */
  publicUrl?: string;
  chunkTimeoutMs?: number;
  /** login limits: requests per IP per minute, failed attempts per account per 15 minutes */
  loginPerIp?: number;
  /** large-input calls one tenant may run at once (lib/heavy-requests.ts); env HEAVY_REQUESTS_PER_TENANT */
  heavyRequestsPerTenant?: number;
  loginFailuresPerAccount?: number;
  /** origins allowed to call the API from a browser (CORS); empty = same origin only */
  corsOrigins?: string[];
  /** system admins must have two-factor sign-in (REQUIRE_2FA_SYSTEM_ADMIN=true): one without it enrols before getting a session */
  require2faSystemAdmin?: boolean;
  /** origins the console may load scripts, styles and data from besides its own (remotes on a CDN) */
  cspRemoteOrigins?: string[];
  /** where log lines go when logger is on (tests read them) */
  logStream?: NodeJS.WritableStream;
  /** run on a database another instance opened (tests: two API instances on one database) */
  sharedDb?: unknown;
  /** seed demo funds and messages with the demo data (tests that count ledger rows turn it off) */
  demoTraffic?: boolean;
  /** gateway and simulator settings (messaging/index.ts; environment variables otherwise) */
  messaging?: MessagingOptions;
  /** number lookup's provider, timeout, lifetimes and clock (number-lookup/; NUMBER_LOOKUP_* otherwise) */
  numberLookup?: NumberLookupOptions;
  /** the spend and fraud guards on the send pipeline (guards/; GUARDS_ENABLED otherwise) */
  guardsEnabled?: boolean;
  /** every webhook's address policy and transport (company-webhooks; WEBHOOK_ALLOW_PRIVATE otherwise) */
  webhooks?: Partial<Pick<CompanyWebhookOptions, 'allowPrivate' | 'resolve' | 'timeoutMs' | 'fetch'>>;
  /** company webhooks and status callbacks (company-webhooks; WEBHOOK_ALLOW_PRIVATE, COMPANY_WEBHOOK_POLL_MS otherwise) */
  companyWebhooks?: Partial<CompanyWebhookOptions>;
  /** the server key that seals stored secrets (SECRET_KEY otherwise; lib/secret-box.ts) */
  secretKey?: string;
  /** the customer SMPP listener (smpp/): port 0 picks a free one, false opens none; SMPP_PORT otherwise */
  smpp?: { port?: number | false; tlsPort?: number | false; limits?: Partial<SmppLimits> };
  /** lost-receipt expiry (receipts/; RECEIPT_EXPIRY_MINUTES, RECEIPT_EXPIRY_CHECK_SECONDS otherwise) */
  receiptExpiry?: { afterSeconds?: number; everySeconds?: number };
  /** route quality (route-quality/; ROUTE_QUALITY_* otherwise): windows, floor, probation, the job's period */
  routeQuality?: Partial<RouteQualityOptions>;
  /** message retention (retention/; RETENTION_* otherwise): the archive folder, the batch size, the job's period */
  retention?: Partial<RetentionOptions>;
  /**
   * which proxies in front of the server to believe about the client's address (X-Forwarded-For): false (the
   * default: the socket's peer is the client), true (any), a hop count, or addresses/CIDRs (TRUST_PROXY)
   */
  trustProxy?: TrustProxy;
  /** scrypt cost of new password hashes (PASSWORD_HASH_COST); 'fast' is for tests and local runs only */
  passwordHashCost?: PasswordHashCost;
  /**
   * how often a node reads the catalog version when no notification of a move came (catalog/cache.ts; 1000 ms): a
   * second node in a test sets it long, so only the notification can make it see another node's change
   */
  catalogCheckMs?: number;
  /** compile each route's response serializer on its first answer, not at start (test servers; lib/lazy-serializers.ts) */
  lazySerializers?: boolean;
  /**
   * the checked environment (config/env.ts): what an option above leaves unset and a domain reads as its
   * fallback (gateway, Kannel, payments, job timers); read from process.env at build when not given
   */
  env?: EnvConfig;
}

export type AppConfig = Required<
  Omit<
    BuildOptions,
    | 'databaseUrl'
    | 'dbSchema'
    | 'demoPassword'
    | 'smtpUrl'
    | 'logger'
    | 'logStream'
    | 'sharedDb'
    | 'messaging'
    | 'numberLookup'
    | 'webhooks'
    | 'companyWebhooks'
    | 'receiptExpiry'
    | 'routeQuality'
    | 'retention'
    | 'smpp'
    | 'secretKey'
    | 'env'
  >
> &
  Pick<Required<BuildOptions>, 'env'> &
  Pick<
    BuildOptions,
    | 'databaseUrl'
    | 'dbSchema'
    | 'demoPassword'
    | 'smtpUrl'
    | 'messaging'
    | 'numberLookup'
    | 'webhooks'
    | 'companyWebhooks'
    | 'receiptExpiry'
    | 'routeQuality'
    | 'retention'
    | 'smpp'
    | 'secretKey'
  >;

export function resolveConfig(o: BuildOptions, generatedSecret: string): AppConfig {
  const env = o.env ?? loadEnv();
  return {
    env,
    databaseUrl: o.databaseUrl,
    dbSchema: o.dbSchema,
    dataDir: o.dataDir ?? path.join(REPO_ROOT, 'data/pglite'),
    // A random secret per process is safe (tokens just die on restart); production sets JWT_SECRET.
    jwtSecret: o.jwtSecret ?? generatedSecret,
    demoPassword: o.demoPassword,
    tokenTtlSeconds: o.tokenTtlSeconds ?? 3600,
    webRoot: o.webRoot ?? path.join(REPO_ROOT, 'dist/apps'),
    seed: o.seed ?? true,
    demoBilling: o.demoBilling ?? true,
    smtpUrl: o.smtpUrl,
    publicUrl: o.publicUrl ?? 'http://localhost:3000',
    chunkTimeoutMs: o.chunkTimeoutMs ?? 120000,
    loginPerIp: o.loginPerIp ?? 30,
    heavyRequestsPerTenant: o.heavyRequestsPerTenant ?? env.HEAVY_REQUESTS_PER_TENANT,
    loginFailuresPerAccount: o.loginFailuresPerAccount ?? 5,
    corsOrigins: o.corsOrigins ?? [],
    require2faSystemAdmin: o.require2faSystemAdmin ?? false,
    cspRemoteOrigins: o.cspRemoteOrigins ?? [],
    messaging: o.messaging,
    numberLookup: o.numberLookup,
    guardsEnabled: o.guardsEnabled ?? env.GUARDS_ENABLED,
    webhooks: o.webhooks,
    companyWebhooks: o.companyWebhooks,
    receiptExpiry: o.receiptExpiry,
    routeQuality: o.routeQuality,
    retention: o.retention,
    smpp: o.smpp,
    secretKey: o.secretKey,
    demoTraffic: o.demoTraffic ?? true,
    trustProxy: o.trustProxy ?? false,
    passwordHashCost: o.passwordHashCost ?? 'owasp',
    lazySerializers: o.lazySerializers ?? false,
    catalogCheckMs: o.catalogCheckMs ?? 1000,
  };
}
