import path from 'node:path';
import type { MessagingOptions } from './messaging/options';
import type { DispatcherOptions } from './numbers/webhooks/delivery';

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
  /** DID webhook delivery (numbers/webhooks; WEBHOOK_ALLOW_PRIVATE otherwise) */
  webhooks?: Partial<DispatcherOptions>;
  /** the server key that seals stored secrets (SECRET_KEY otherwise; lib/secret-box.ts) */
  secretKey?: string;
  /** lost-receipt expiry (receipts/; RECEIPT_EXPIRY_MINUTES, RECEIPT_EXPIRY_CHECK_SECONDS otherwise) */
  receiptExpiry?: { afterSeconds?: number; everySeconds?: number };
}

export type AppConfig = Required<Omit<BuildOptions, 'databaseUrl' | 'dbSchema' | 'demoPassword' | 'smtpUrl' | 'logger' | 'logStream' | 'sharedDb' | 'messaging' | 'webhooks' | 'receiptExpiry' | 'secretKey'>> &
  Pick<BuildOptions, 'databaseUrl' | 'dbSchema' | 'demoPassword' | 'smtpUrl' | 'messaging' | 'webhooks' | 'receiptExpiry' | 'secretKey'>;

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export function resolveConfig(o: BuildOptions, generatedSecret: string): AppConfig {
  return {
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
    loginFailuresPerAccount: o.loginFailuresPerAccount ?? 5,
    corsOrigins: o.corsOrigins ?? [],
    require2faSystemAdmin: o.require2faSystemAdmin ?? false,
    cspRemoteOrigins: o.cspRemoteOrigins ?? [],
    messaging: o.messaging,
    webhooks: o.webhooks,
    receiptExpiry: o.receiptExpiry,
    secretKey: o.secretKey,
    demoTraffic: o.demoTraffic ?? true,
  };
}

/** A comma-separated list of origins from the environment (CORS_ORIGINS, CSP_REMOTE_ORIGINS). */
export const originList = (v: string | undefined) => (v ?? '').split(',').map((o) => o.trim()).filter(Boolean);
