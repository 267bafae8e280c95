import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '@smsc/shared-contract';
import { signToken } from '../../lib/tokens';
import { operationsOf, type Operation } from './openapi-operations';
import { requestFor, type FuzzRequest } from './arbitraries';

/**
 * Tables a refused request may legitimately write: counting failed logins and limited requests is
 * the point of those tables, and a send the SMS pipeline blocks is logged in `sms` with its reason
 * (issue 11: the caller gets the 4xx, the SMS log shows the blocked message); a refused DID import is
 * recorded in the import log with its reason (issue 13: the import-log screen shows failed runs too).
 * Every other table must keep its row count when the answer is 4xx.
 */
export const BOOKKEEPING_TABLES = new Set(['rate_limits', 'login_failures', 'schema_migrations', 'sms', 'did_import_log']);

export type FuzzRole = UserType | 'anonymous';
export const FUZZ_ROLES: { role: FuzzRole; email?: string }[] = [
  { role: 'anonymous' },
  { role: 'admin', email: 'admin@example.com' },
  { role: 'reseller', email: 'reseller@example.com' },
  { role: 'company_admin', email: 'acme-admin@example.com' },
  { role: 'user', email: 'acme-user@example.com' },
];

export interface FuzzFailure { role: FuzzRole; operation: string; request: string; status?: number; reason: string }
export interface FuzzReport { seed: number; requests: number; routes: number; roles: number; rounds: number; failures: FuzzFailure[]; statuses: Record<string, number>; ms: number }
export interface FuzzOptions {
  seed: number;
  /** requests per route and role (each round sends one to every pair) */
  rounds: number;
  /** stop starting new rounds after this long; round 1 always completes so every route is covered */
  budgetMs: number;
  /** a request that takes longer counts as a hang */
  hangMs?: number;
  onRound?: (round: number, report: FuzzReport) => void;
}

/** Stable per-pair seed so one route's sequence does not shift when routes are added elsewhere. */
function pairSeed(seed: number, key: string) {
  let h = seed | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

async function rowCounts(app: FastifyInstance, tables: string[]): Promise<Record<string, number>> {
  if (!tables.length) return {};
  const select = tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ');
  const { rows } = await sql.raw<Record<string, number>>(`select ${select}`).execute(app.db);
  return rows[0];
}

const describeRequest = (r: FuzzRequest) => {
  const body = r.rawPayload ?? (r.payload === undefined ? '' : JSON.stringify(r.payload));
  return `${r.method} ${r.url.slice(0, 300)}${body ? ` ${body.slice(0, 300)}` : ''}`;
};

/**
 * Sends generated bad input to every operation of the app's OpenAPI document as every role, and
 * checks the rules: no 5xx, no hang, and no row written when the answer is 4xx.
 */
export async function runFuzz(app: FastifyInstance, opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const hangMs = opts.hangMs ?? 10_000;
  const ops: Operation[] = operationsOf(app.swagger() as never);
  const { rows: tableRows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(app.db);
  const tables = tableRows.map((r) => r.name).filter((n) => !BOOKKEEPING_TABLES.has(n));

  const users = new Map<FuzzRole, { uuid: string; user_type: UserType; email: string }>();
  for (const { role, email } of FUZZ_ROLES) {
    if (!email) continue;
    const u = await app.db.selectFrom('users').select(['uuid', 'user_type', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
    users.set(role, u);
  }
  // A fresh token per request: a fuzzed logout or password change ends only that one session.
  const authFor = (role: FuzzRole): Record<string, string> => {
    const u = users.get(role);
    if (!u) return {};
    return { authorization: `Bearer ${signToken(app.config.jwtSecret, { sub: u.uuid, typ: u.user_type, email: u.email }, 600).token}` };
  };

  // Pre-sample each pair's requests from its own seed.
  const samples = new Map<string, FuzzRequest[]>();
  for (const op of ops) {
    for (const { role } of FUZZ_ROLES) {
      const key = `${role} ${op.method} ${op.path}`;
      samples.set(key, fc.sample(requestFor(op), { seed: pairSeed(opts.seed, key), numRuns: opts.rounds }));
    }
  }

  const report: FuzzReport = { seed: opts.seed, requests: 0, routes: ops.length, roles: FUZZ_ROLES.length, rounds: 0, failures: [], statuses: {}, ms: 0 };
  for (let round = 0; round < opts.rounds; round++) {
    if (round > 0 && Date.now() - started > opts.budgetMs) break;
    for (const op of ops) {
      for (const { role } of FUZZ_ROLES) {
        const req = samples.get(`${role} ${op.method} ${op.path}`)?.[round];
        if (!req) continue;
        const before = await rowCounts(app, tables);
        const fail = (reason: string, status?: number) =>
          report.failures.push({ role, operation: `${op.method} ${op.path}`, request: describeRequest(req), status, reason });
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => { timer = setTimeout(() => resolve('hang'), hangMs); });
        const res = await Promise.race([
          app.inject({
            method: req.method as 'GET', url: req.url, headers: { ...req.headers, ...authFor(role) },
            ...(req.rawPayload !== undefined ? { payload: req.rawPayload } : req.payload !== undefined ? { payload: JSON.stringify(req.payload) } : {}),
          }),
          hang,
        ]).finally(() => clearTimeout(timer));
        report.requests++;
        if (res === 'hang') { fail(`no answer within ${hangMs} ms`); continue; }
        report.statuses[String(res.statusCode)] = (report.statuses[String(res.statusCode)] ?? 0) + 1;
        if (res.statusCode >= 500) { fail(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`, res.statusCode); continue; }
        if (res.statusCode >= 400) {
          const after = await rowCounts(app, tables);
          const changed = tables.filter((t) => before[t] !== after[t]).map((t) => `${t} ${before[t]}→${after[t]}`);
          if (changed.length) fail(`answered ${res.statusCode} but wrote rows: ${changed.join(', ')}`, res.statusCode);
        }
      }
    }
    report.rounds = round + 1;
    report.ms = Date.now() - started;
    opts.onRound?.(round + 1, report);
  }
  report.ms = Date.now() - started;
  return report;
}
