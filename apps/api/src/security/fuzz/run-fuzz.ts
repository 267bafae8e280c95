import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX, type UserType } from '@smsc/shared-contract';
import { problemShapeIssue } from '../../testing/problem-answers';
import { signToken } from '../../lib/tokens';
import { operationsOf, type Operation } from './openapi-operations';
import { requestFor, type FuzzRequest } from './arbitraries';
import { classRequest, crossTenantSuccess, FUZZ_CLASSES, TenantIndex, type FuzzClass } from './classes';
import type { Tenant } from './tenancy';
import { accountsRepository } from '../../accounts';

/**
 * Tables a refused request may legitimately write: counting failed logins and limited requests is
 * the point of those tables, and a send the SMS pipeline blocks is logged in `sms` with its reason
 * (the caller gets the 4xx, the SMS log shows the blocked message); a refused DID import is
 * recorded in the import log with its reason (the import-log screen shows failed runs too).
 * Every other table must keep its row count when the answer is 4xx.
 */
export const BOOKKEEPING_TABLES = new Set([
  'rate_limits',
  'login_failures',
  'schema_migrations',
  'sms',
  // the ledger opens a company's account (empty: no balance, no entry) the first time a send tries to hold money
  // for it, in the transaction that logs the blocked message; a company seeded without billing has none before
  'billing_accounts',
  // kept by triggers on sms: receipts settling in the background move it during any request
  'bulk_deltas',
  'did_import_log',
]);

/**
 * The fuzzed app's settings: the simulator reports no deliveries by itself. A delivery report settles in the
 * background and writes ledger entries (the company's charge and its reseller's wholesale charge) during
 * whatever request runs then, which read as a refused request writing rows (seen once in 71,500 requests).
 */
export const FUZZ_APP = { messaging: { simAutoDeliver: false } } as const;

export type FuzzRole = UserType | 'anonymous';
export const FUZZ_ROLES: { role: FuzzRole; email?: string }[] = [
  { role: 'anonymous' },
  { role: 'admin', email: 'admin@example.com' },
  { role: 'reseller', email: 'reseller@example.com' },
  { role: 'company_admin', email: 'acme-admin@example.com' },
  { role: 'user', email: 'acme-user@example.com' },
];

export interface FuzzFailure {
  role: FuzzRole;
  cls: FuzzClass;
  operation: string;
  request: string;
  status?: number;
  reason: string;
}
export interface FuzzReport {
  seed: number;
  requests: number;
  routes: number;
  roles: number;
  rounds: number;
  failures: FuzzFailure[];
  statuses: Record<string, number>;
  /** requests sent, 5xx answers and other failures per class of input */
  classes: Record<FuzzClass, { requests: number; '5xx': number; 'cross-tenant': number; other: number; ms: number }>;
  ms: number;
}
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

/**
 * The next transaction id the database will hand out: it moves only when something wrote, so while it
 * stands still the row counts taken last are still the counts (one cheap query instead of a count per table).
 */
async function writeMark(app: FastifyInstance): Promise<string> {
  const { rows } = await sql<{ x: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(app.db);
  return rows[0].x;
}

const describeRequest = (r: FuzzRequest) => {
  const raw = Buffer.isBuffer(r.rawPayload)
    ? `<${r.rawPayload.length} bytes of ${r.headers['content-type']}>`
    : r.rawPayload;
  const body = raw ?? (r.payload === undefined ? '' : JSON.stringify(r.payload));
  const type = r.headers['content-type'] && !Buffer.isBuffer(r.rawPayload) ? ` [${r.headers['content-type']}]` : '';
  return `${r.method} ${r.url.slice(0, 300)}${type}${body ? ` ${body.slice(0, 300)}` : ''}`;
};

/**
 * Sends generated bad input to every operation of the app's OpenAPI document as every role, and
 * checks the rules: no 5xx, no hang, no row written when the answer is 4xx, and no 2xx to a request
 * naming another tenant's id (tenant roles only).
 */
export async function runFuzz(app: FastifyInstance, opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const hangMs = opts.hangMs ?? 10_000;
  const ops: Operation[] = operationsOf(app.swagger() as never);
  const { rows: tableRows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(app.db);
  // report_* rollups are written by a background projector after earlier (2xx) sends, at any moment
  const tables = tableRows.map((r) => r.name).filter((n) => !BOOKKEEPING_TABLES.has(n) && !n.startsWith('report_'));

  const users = new Map<
    FuzzRole,
    { uuid: string; user_type: UserType; email: string; company_uuid: string | null; reseller_uuid: string | null }
  >();
  for (const { role, email } of FUZZ_ROLES) {
    if (!email) continue;
    const [u] = await accountsRepository.usersByEmail(app.db, [email]);
    if (!u) throw new Error(`fuzz: no user ${email}`);
    users.set(role, u);
  }
  // A fresh token per request: a fuzzed logout or password change ends only that one session.
  const authFor = (role: FuzzRole): Record<string, string> => {
    const u = users.get(role);
    if (!u) return {};
    return {
      authorization: `Bearer ${signToken(app.config.jwtSecret, { sub: u.uuid, typ: u.user_type, email: u.email }, 600).token}`,
    };
  };

  const index = await TenantIndex.build(app);
  const tenantOf = async (role: FuzzRole): Promise<Tenant> => {
    const u = users.get(role);
    if (!u || u.user_type === 'admin') return { company: null, reseller: null };
    if (u.company_uuid) {
      return { company: u.company_uuid, reseller: await accountsRepository.resellerOfCompany(app.db, u.company_uuid) };
    }
    return { company: null, reseller: u.reseller_uuid };
  };
  const tenants = new Map<FuzzRole, Tenant>();
  for (const { role } of FUZZ_ROLES) tenants.set(role, await tenantOf(role));

  // Pre-sample each pair's mixed requests from its own seed.
  const samples = new Map<string, FuzzRequest[]>();
  for (const op of ops) {
    for (const { role } of FUZZ_ROLES) {
      const key = `${role} ${op.method} ${op.path}`;
      samples.set(key, fc.sample(requestFor(op), { seed: pairSeed(opts.seed, key), numRuns: opts.rounds }));
    }
  }
  // Each round aims one class of input at each route and role, in turn over the classes that apply
  // there, so a few rounds cover every class on every route.
  const applicable = new Map<string, { cls: FuzzClass; arb: ReturnType<typeof classRequest> }[]>();
  const classesFor = (op: Operation, role: FuzzRole) => {
    const key = `${role} ${op.method} ${op.path}`;
    let list = applicable.get(key);
    if (!list) {
      const ctx = { index, tenant: tenants.get(role) as Tenant };
      list = [
        { cls: 'mixed' as FuzzClass, arb: null },
        ...FUZZ_CLASSES.filter((c) => c !== 'mixed')
          .map((cls) => ({ cls, arb: classRequest(op, cls, ctx) }))
          .filter((c) => c.arb !== null),
      ];
      applicable.set(key, list);
    }
    return list;
  };
  const nextRequest = (
    round: number,
    opIndex: number,
    roleIndex: number,
    role: FuzzRole,
  ): { cls: FuzzClass; req?: FuzzRequest } => {
    const op = ops[opIndex];
    const key = `${role} ${op.method} ${op.path}`;
    const list = classesFor(op, role);
    // round 0 starts on an aimed class (mixed is last of each cycle), and each role of a route on another one
    const { cls, arb } = list[(round + 1 + opIndex + roleIndex) % list.length];
    if (!arb) return { cls, req: samples.get(key)?.[round] };
    return { cls, req: fc.sample(arb, { seed: pairSeed(opts.seed, `${key} ${round}`), numRuns: 1 })[0] };
  };

  const report: FuzzReport = {
    seed: opts.seed,
    requests: 0,
    routes: ops.length,
    roles: FUZZ_ROLES.length,
    rounds: 0,
    failures: [],
    statuses: {},
    classes: Object.fromEntries(
      FUZZ_CLASSES.map((c) => [c, { requests: 0, '5xx': 0, 'cross-tenant': 0, other: 0, ms: 0 }]),
    ) as FuzzReport['classes'],
    ms: 0,
  };
  // row counts, valid while the write mark they were taken at has not moved
  let known: { mark: string; counts: Record<string, number> } | null = null;
  const countsNow = async () => {
    const mark = await writeMark(app);
    if (known?.mark !== mark) known = { mark, counts: await rowCounts(app, tables) };
    return known.counts;
  };
  for (let round = 0; round < opts.rounds; round++) {
    if (round > 0 && Date.now() - started > opts.budgetMs) break;
    for (const [opIndex, op] of ops.entries()) {
      for (const [roleIndex, { role }] of FUZZ_ROLES.entries()) {
        const { cls, req } = nextRequest(round, opIndex, roleIndex, role);
        if (!req) continue;
        const sentAt = Date.now();
        const before = await countsNow();
        const fail = (reason: string, status?: number, kind: '5xx' | 'cross-tenant' | 'other' = 'other') => {
          report.classes[cls][kind]++;
          report.failures.push({
            role,
            cls,
            operation: `${op.method} ${op.path}`,
            request: describeRequest(req),
            status,
            reason,
          });
        };
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => {
          timer = setTimeout(() => resolve('hang'), hangMs);
        });
        const res = await Promise.race([
          answer(
            app.inject({
              method: req.method as 'GET',
              url: req.url,
              headers: { ...req.headers, ...authFor(role) },
              payloadAsStream: true,
              ...(req.rawPayload !== undefined
                ? { payload: req.rawPayload }
                : req.payload !== undefined
                  ? { payload: JSON.stringify(req.payload) }
                  : {}),
            }),
          ),
          hang,
        ]).finally(() => clearTimeout(timer));
        report.requests++;
        report.classes[cls].requests++;
        report.classes[cls].ms += Date.now() - sentAt;
        if (res === 'hang') {
          fail(`no answer within ${hangMs} ms`);
          continue;
        }
        report.statuses[String(res.statusCode)] = (report.statuses[String(res.statusCode)] ?? 0) + 1;
        if (res.statusCode >= 500) {
          fail(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`, res.statusCode, '5xx');
          continue;
        }
        // every error answer of the API is a problem (docs/api-errors.md), whatever the input
        const path = req.url.split('?')[0];
        if (res.statusCode >= 400 && path.startsWith(API_PREFIX)) {
          const issue = problemShapeIssue(res, path);
          if (issue) fail(`answered ${res.statusCode} that is not a problem: ${issue}`, res.statusCode);
        }
        const leak = crossTenantSuccess(req, res.statusCode, res.body);
        if (leak) fail(leak, res.statusCode, 'cross-tenant');
        if (res.statusCode >= 400) {
          const after = await countsNow();
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

/**
 * The status and body of an answer. An event stream (GET /events) is answered once its headers are: it stays open
 * for the session by design, and its first frames are all a fuzzer could judge.
 */
async function answer(
  pending: Promise<LightMyRequestResponse>,
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  const res = await pending;
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { statusCode: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
}
