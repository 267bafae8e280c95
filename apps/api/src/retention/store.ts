// The retention domain's statements on its own tables (settings, marks, passes, archives), and the companies a
// pass works on (read through the accounts' relation: their overrides are on their rows).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { companyRows } from '../accounts';
import type { RetentionDefaults, RetentionOverride } from './policy';

type Db = Kysely<Database>;

export async function readDefaults(db: Db): Promise<RetentionDefaults & { updated_on: Date }> {
  return db
    .selectFrom('retention_settings')
    .select(['redact_after_days', 'remove_after_days', 'archive', 'updated_on'])
    .executeTakeFirstOrThrow();
}

export async function writeDefaults(db: Db, d: RetentionDefaults): Promise<void> {
  await db
    .updateTable('retention_settings')
    .set({ ...d, updated_on: sql`now()` })
    .execute();
}

export type CompanyPolicyRow = RetentionOverride & { company_uuid: string; company_name: string };

/** Every company with its overrides, by name. */
export async function companiesWithOverrides(db: Db): Promise<CompanyPolicyRow[]> {
  const { rows } = await sql<CompanyPolicyRow>`
    select company_uuid, company_name, retention_redact_days, retention_remove_days, retention_archive
    from ${companyRows} c order by company_name, company_uuid`.execute(db);
  return rows;
}

export async function markOf(db: Db, company_uuid: string, is_received: boolean): Promise<Date | null> {
  const row = await db
    .selectFrom('retention_marks')
    .select('redacted_through')
    .where('company_uuid', '=', company_uuid)
    .where('is_received', '=', is_received)
    .executeTakeFirst();
  return row ? new Date(row.redacted_through) : null;
}

export async function setMark(db: Db, company_uuid: string, is_received: boolean, through: Date): Promise<void> {
  await db
    .insertInto('retention_marks')
    .values({ company_uuid, is_received, redacted_through: through })
    .onConflict((oc) => oc.columns(['company_uuid', 'is_received']).doUpdateSet({ redacted_through: through }))
    .execute();
}

export interface PassCounts {
  companies: number;
  redacted: number;
  removed: number;
  archived: number;
}

export async function startPass(db: Db, started_by: 'job' | 'admin'): Promise<string> {
  const row = await db
    .insertInto('retention_passes')
    .values({ started_by, companies: 0, redacted: 0, removed: 0, archived: 0 })
    .returning('pass_uuid')
    .executeTakeFirstOrThrow();
  return row.pass_uuid;
}

export async function finishPass(db: Db, pass_uuid: string, counts: PassCounts, error: string | null): Promise<void> {
  await db
    .updateTable('retention_passes')
    .set({ ...counts, state: error ? 'failed' : 'done', error, finished_on: sql`now()` })
    .where('pass_uuid', '=', pass_uuid)
    .execute();
}

/** What a pass has done so far, and that it is alive (a pass beats at least every PASS_BEAT_SECONDS while it works). */
export async function beatPass(db: Db, pass_uuid: string, counts: PassCounts): Promise<void> {
  await db
    .updateTable('retention_passes')
    .set({ ...counts, beat_on: sql`now()` })
    .where('pass_uuid', '=', pass_uuid)
    .where('state', '=', 'running')
    .execute();
}

/** A pass beats this often while it works; one silent for STALE_PASS_SECONDS stopped with its node. */
export const PASS_BEAT_SECONDS = 5;
export const STALE_PASS_SECONDS = 600;
export const STOPPED_PASS_ERROR = 'The pass stopped before it finished (its server stopped or lost the database)';

/**
 * Closes the passes that stopped beating (their node was killed mid-pass) as failed, at their last beat: what
 * they did up to that beat is kept. A pass alive on another node beats far more often than this allows.
 */
export async function closeStalePasses(db: Db, staleSeconds = STALE_PASS_SECONDS): Promise<number> {
  const closed = await db
    .updateTable('retention_passes')
    .set({ state: 'failed', finished_on: sql`beat_on`, error: STOPPED_PASS_ERROR })
    .where('state', '=', 'running')
    .where('beat_on', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}

export interface ArchiveRecord {
  pass_uuid: string;
  company_uuid: string;
  company_name: string;
  file_name: string;
  rows: number;
  bytes: number;
  oldest: Date | null;
  newest: Date | null;
}

export async function addArchive(db: Db, a: ArchiveRecord): Promise<void> {
  await db.insertInto('retention_archives').values(a).execute();
}

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const passOf = (r: Selectable<Database['retention_passes']>) => ({
  pass_uuid: r.pass_uuid,
  started_on: new Date(r.started_on).toISOString(),
  finished_on: iso(r.finished_on),
  state: r.state,
  started_by: r.started_by,
  companies: n(r.companies),
  redacted: n(r.redacted),
  removed: n(r.removed),
  archived: n(r.archived),
  error: r.error,
});

export async function passById(db: Db, pass_uuid: string) {
  const row = await db.selectFrom('retention_passes').selectAll().where('pass_uuid', '=', pass_uuid).executeTakeFirst();
  return row ? passOf(row) : undefined;
}

export async function listPasses(db: Db, page: number, per_page: number) {
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('retention_passes')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('retention_passes')
      .selectAll()
      .orderBy('started_on', 'desc')
      .orderBy('pass_uuid')
      .limit(per_page)
      .offset(page * per_page)
      .execute(),
  ]);
  return {
    total: n(total),
    per_page,
    items: rows.map(passOf),
  };
}

export async function listArchives(db: Db, page: number, per_page: number) {
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('retention_archives')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('retention_archives')
      .selectAll()
      .orderBy('created_on', 'desc')
      .orderBy('file_name')
      .limit(per_page)
      .offset(page * per_page)
      .execute(),
  ]);
  return {
    total: n(total),
    per_page,
    items: rows.map((r) => ({
      archive_uuid: r.archive_uuid,
      pass_uuid: r.pass_uuid,
      company_uuid: r.company_uuid,
      company_name: r.company_name,
      file_name: r.file_name,
      rows: n(r.rows),
      bytes: n(r.bytes),
      oldest: iso(r.oldest),
      newest: iso(r.newest),
      created_on: new Date(r.created_on).toISOString(),
    })),
  };
}

export async function archiveById(db: Db, archive_uuid: string) {
  return db.selectFrom('retention_archives').selectAll().where('archive_uuid', '=', archive_uuid).executeTakeFirst();
}

/** The figures /metrics exports: passes by state, what every pass did, and the last pass's time (all nodes). */
export async function retentionFigures(db: Db) {
  const { rows } = await sql<{
    state: string;
    passes: number;
    redacted: string | number;
    removed: string | number;
    archived: string | number;
  }>`select state, count(*)::int as passes, coalesce(sum(redacted), 0) as redacted,
       coalesce(sum(removed), 0) as removed, coalesce(sum(archived), 0) as archived
     from retention_passes group by state order by state`.execute(db);
  const last = await db
    .selectFrom('retention_passes')
    .select(['started_on', 'finished_on'])
    .where('state', '=', 'done')
    .orderBy('finished_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    byState: rows.map((r) => ({ ...r, redacted: n(r.redacted), removed: n(r.removed), archived: n(r.archived) })),
    lastSeconds: last?.finished_on
      ? (new Date(last.finished_on).getTime() - new Date(last.started_on).getTime()) / 1000
      : null,
    lastFinished: last?.finished_on ? new Date(last.finished_on) : null,
  };
}
