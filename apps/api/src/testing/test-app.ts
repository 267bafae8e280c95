import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { build, type BuildOptions } from '../app';
import { databaseFromTemplate, type TemplateKey } from './db-template';
import { postgresFromTemplate } from './pg-template';
import { checkListenedAnswers, checkProblemAnswers } from './problem-answers';

export const DEMO_PASSWORD = 'demo-pass-123';
export const api = (path: string) => `${API_PREFIX}${path}`;

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * One app per test file: in-memory PGlite (a copy of the run's migrated and seeded template,
 * testing/db-template.ts), or with DATABASE_URL a database of its own copied from the run's template
 * (testing/pg-template.ts; a fresh schema when the run has none) that is dropped at the end, so the same
 * tests run against a real Postgres.
 */
export async function createTestApp(extra: BuildOptions = {}): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dbSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const options: BuildOptions = {
    dataDir: 'memory',
    databaseUrl,
    dbSchema,
    demoPassword: DEMO_PASSWORD,
    webRoot: '/nonexistent-web-root',
    demoTraffic: false,
    demoBilling: false,
    // scrypt at OWASP cost takes ~0.3-1.3 s a hash here; tests that check the cost itself pass 'owasp'
    passwordHashCost: 'fast',
    // every test file may run at once: the SMPP listener takes a free port (app.smpp.port)
    smpp: { port: 0, tlsPort: false },
    // a test file answers a few of the routes: each compiles its serializer on first use (main.spec starts eagerly)
    lazySerializers: true,
    // the route quality job would demote routes a spec's traffic leaves under their floor (the simulator reports 5 %
    // undelivered unless told otherwise) and so change the vendor later sends of the file go to: a spec that wants
    // it sets its own period (route-quality/*.spec.ts)
    ...extra,
    routeQuality: { everySeconds: 86_400, ...extra.routeQuality },
    // the retention job stays off (it would write archive files under the repository): a spec runs its passes
    retention: { everySeconds: 0, archiveDir: path.join(tmpdir(), 'smsc-test-retention'), ...extra.retention },
  };
  const key: TemplateKey = {
    seed: options.seed ?? true,
    demoPassword: options.demoPassword,
    demoTraffic: options.demoTraffic ?? true,
    demoBilling: options.demoBilling ?? true,
  };
  // in memory: a copy of the run's migrated and seeded database, owned (and closed) here
  const copied =
    !databaseUrl && options.dataDir === 'memory' && !options.sharedDb ? await databaseFromTemplate(key) : undefined;
  // on PostgreSQL, unless the spec chose its own database or schema: a copy of the run's template database
  const pgCopy =
    databaseUrl && options.databaseUrl === databaseUrl && options.dbSchema === dbSchema && !options.sharedDb
      ? await postgresFromTemplate(databaseUrl, key)
      : undefined;
  const placed = pgCopy ? { ...options, databaseUrl: pgCopy.databaseUrl, dbSchema: pgCopy.dbSchema } : options;
  // every error answer of the API must be a problem: checked on each request a test injects, and on each answer over
  // HTTP when the test listens (reported when the app closes)
  const app = checkProblemAnswers(await build(copied ? { ...placed, sharedDb: copied } : placed));
  const listened = checkListenedAnswers(app);
  return {
    app,
    async close() {
      try {
        await app.close();
        await copied?.destroy();
        const wrong = listened();
        if (wrong.length) throw new Error(`error answers that are not problems:\n${wrong.join('\n')}`);
      } finally {
        // after the app has stopped: dropped beside its running timers (a webhook pass, a job queue poll), the schema's
        // locks were taken in an order theirs could cross, and a deadlock left the app unclosed and its workers
        // running into the next test file. The job queue (pg-boss) keeps its tables in <schema>_jobs.
        if (pgCopy) await pgCopy.drop();
        else if (dbSchema) await dropSchemas(databaseUrl as string, [dbSchema, `${dbSchema}_jobs`]);
      }
    },
  };
}

/** Drops test schemas on a connection of their own (the app's pool is closed by then). */
export async function dropSchemas(url: string, schemas: string[]) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    for (const schema of schemas) await c.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await c.end();
  }
}

/**
 * A second API node on the first one's database (as two processes behind a load balancer): its own memory,
 * timers and listeners; on PostgreSQL the job queue opens its own pool, so it gets the first's URL and schema.
 */
export async function secondNode(first: TestApp, extra: BuildOptions = {}): Promise<FastifyInstance> {
  const { databaseUrl, dbSchema, jwtSecret } = first.app.config;
  const app = await build({
    sharedDb: first.app.db,
    databaseUrl,
    dbSchema,
    seed: false,
    webRoot: '/nonexistent-web-root',
    jwtSecret,
    ...extra,
    routeQuality: { everySeconds: 86_400, ...extra.routeQuality },
  });
  return checkProblemAnswers(app);
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: api('/auth'), payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token inside the newest outbox mail for an address (mail goes to the outbox without SMTP). */
export async function tokenFromOutbox(app: FastifyInstance, to: string): Promise<string> {
  const row = await app.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const m = /\/([A-Za-z0-9_-]{40,})\b/.exec(row.body);
  if (!m) throw new Error(`no token in mail: ${row.body}`);
  return m[1];
}
