import { isIP } from 'node:net';
import path from 'node:path';
import type { MessagingOptions } from '../messaging';
import type { DispatcherOptions } from '../numbers';
import type { CompanyWebhookOptions } from '../company-webhooks';
import type { PasswordHashCost } from '../lib/passwords';
import type { EnvConfig } from './env';
import { loadEnv, originList } from './read-env';

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
  /** the spend and fraud guards on the send pipeline (guards/; GUARDS_ENABLED otherwise) */
  guardsEnabled?: boolean;
  /** DID webhook delivery (numbers/webhooks; WEBHOOK_ALLOW_PRIVATE otherwise) */
  webhooks?: Partial<DispatcherOptions>;
  /** company webhooks and status callbacks (company-webhooks; WEBHOOK_ALLOW_PRIVATE, COMPANY_WEBHOOK_POLL_MS otherwise) */
  companyWebhooks?: Partial<CompanyWebhookOptions>;
  /** the server key that seals stored secrets (SECRET_KEY otherwise; lib/secret-box.ts) */
  secretKey?: string;
  /** the customer SMPP listener (smpp/): port 0 picks a free one, false opens none; SMPP_PORT otherwise */
  smpp?: { port?: number | false; tlsPort?: number | false };
  /** lost-receipt expiry (receipts/; RECEIPT_EXPIRY_MINUTES, RECEIPT_EXPIRY_CHECK_SECONDS otherwise) */
  receiptExpiry?: { afterSeconds?: number; everySeconds?: number };
  /**
   * which proxies in front of the server to believe about the client's address (X-Forwarded-For): false (the
   * default: the socket's peer is the client), true (any), a hop count, or addresses/CIDRs (TRUST_PROXY)
   */
  trustProxy?: TrustProxy;
  /** scrypt cost of new password hashes (PASSWORD_HASH_COST); 'fast' is for tests and local runs only */
  passwordHashCost?: PasswordHashCost;
  /** compile each route's response serializer on its first answer, not at start (test servers; lib/lazy-serializers.ts) */
  lazySerializers?: boolean;
  /**
   * the checked environment (config/env.ts): what an option above leaves unset and a domain reads as its
   * fallback (gateway, Kannel, payments, job timers); read from process.env at build when not given
   */
  env?: EnvConfig;
}

export type TrustProxy = boolean | number | string[];

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
    | 'webhooks'
    | 'companyWebhooks'
    | 'receiptExpiry'
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
    | 'webhooks'
    | 'companyWebhooks'
    | 'receiptExpiry'
    | 'smpp'
    | 'secretKey'
  >;

export const REPO_ROOT = path.resolve(__dirname, '../../../..');

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
    loginFailuresPerAccount: o.loginFailuresPerAccount ?? 5,
    corsOrigins: o.corsOrigins ?? [],
    require2faSystemAdmin: o.require2faSystemAdmin ?? false,
    cspRemoteOrigins: o.cspRemoteOrigins ?? [],
    messaging: o.messaging,
    guardsEnabled: o.guardsEnabled ?? env.GUARDS_ENABLED,
    webhooks: o.webhooks,
    companyWebhooks: o.companyWebhooks,
    receiptExpiry: o.receiptExpiry,
    smpp: o.smpp,
    secretKey: o.secretKey,
    demoTraffic: o.demoTraffic ?? true,
    trustProxy: o.trustProxy ?? false,
    passwordHashCost: o.passwordHashCost ?? 'owasp',
    lazySerializers: o.lazySerializers ?? false,
  };
}

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; "true" trusts every hop (only behind a proxy that
 * overwrites X-Forwarded-For); a whole number trusts that many hops; otherwise a comma-separated list of
 * proxy addresses or CIDR ranges. Anything else stops the start, since a wrong value would either pool
 * every client into one rate-limit bucket or let clients choose their own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = originList(v);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    const maxBits = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || extra !== undefined)
      throw new Error(`TRUST_PROXY: "${entry}" is not true, false, a hop count, an address or a CIDR range`);
  }
  return list;
}

/** PASSWORD_HASH_COST: "owasp" (the default) or "fast"; production (NODE_ENV=production) refuses "fast". */
export function parsePasswordHashCost(value: string | undefined, nodeEnv: string | undefined): PasswordHashCost {
  const v = (value ?? '').trim() || 'owasp';
  if (v !== 'owasp' && v !== 'fast') throw new Error(`PASSWORD_HASH_COST: "${v}" is neither owasp nor fast`);
  if (v === 'fast' && nodeEnv === 'production')
    throw new Error('PASSWORD_HASH_COST=fast is for tests and local development; production hashes at owasp cost');
  return v;
}
