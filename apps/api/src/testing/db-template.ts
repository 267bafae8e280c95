import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pgliteDatabase } from '../db/connect';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT } from './scratch-db';

/**
 * Migrated (and seeded) PGlite databases, made once per test run and copied by every test file.
 * A fresh in-memory PGlite costs 5–8 s of CPU (initdb, ~80 migrations, the demo seed with its
 * password hash); opening a copy of one costs ~1.3 s, and the server suite builds ~50 apps.
 * The folder comes from jest's global setup (apps/api/jest.global-setup.ts): fresh each run, so
 * no copy outlives a change to the migrations or the seed.
 */
export const TEMPLATE_DIR_ENV = 'API_TEST_DB_TEMPLATES';

export interface TemplateKey {
  seed: boolean;
  demoPassword?: string;
  demoTraffic: boolean;
  demoBilling: boolean;
}

// the seed logs nothing worth reading here (the tests pass their own demo password)
const nothing = () => undefined;
export const quiet = {
  info: nothing,
  warn: nothing,
  error: nothing,
  debug: nothing,
  trace: nothing,
  fatal: nothing,
  child: () => quiet,
  level: 'silent',
} as unknown as FastifyBaseLogger;

/** A template's name: one per seed variant of the run (PGlite's and PostgreSQL's, testing/pg-template.ts). */
export function templateId(key: TemplateKey, length = 16) {
  return createHash('sha256')
    .update(JSON.stringify([key.seed, key.demoPassword ?? null, key.demoTraffic, key.demoBilling]))
    .digest('hex')
    .slice(0, length);
}

function fileFor(dir: string, key: TemplateKey) {
  return path.join(dir, `${templateId(key)}.tar`);
}

/** The bytes of the template for `key`, made on first use (two jest workers may both make it: last rename wins, both are equal). */
async function templateBytes(dir: string, key: TemplateKey): Promise<Buffer> {
  const file = fileFor(dir, key);
  if (existsSync(file)) return readFileSync(file);
  const pg = new PGlite();
  const db = await pgliteDatabase(pg);
  try {
    // Sealing migrations need a key; a template holds no sealed secret (the seed writes none), so the
    // app that opens a copy may use its own process key.
    await migrate(db, SCRATCH_MIGRATION_CONTEXT);
    if (key.seed) await seed(db, quiet, key.demoPassword, key.demoTraffic, key.demoBilling, 'fast');
    const bytes = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
    mkdirSync(dir, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, bytes);
    renameSync(part, file);
    return bytes;
  } finally {
    await db.destroy();
  }
}

/**
 * A fresh in-memory database copied from the run's template for `key`, or undefined outside a
 * jest run that set the template folder up (the caller then builds from scratch).
 */
export async function databaseFromTemplate(key: TemplateKey): Promise<Kysely<Database> | undefined> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir || dir === 'off') return undefined;
  const bytes = await templateBytes(dir, key);
  return pgliteDatabase(new PGlite({ loadDataDir: new Blob([new Uint8Array(bytes)]) }));
}
