// The statements on the rate-change domain's own tables: change sets, their rows, price notices.
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ChangeSetListQuery, DeckKind, PriceNoticeListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import type { DiffRow, ChangeCounts } from './deck-diff';

type Db = Kysely<Database> | Transaction<Database>;

/** Change sets: the admin sees all; a reseller its own decks' (ofReseller). */
export const SET_OWNERS = { reseller: 'rate_change_sets.reseller_uuid' } as const;
/** Notices: a company's (the company, its reseller), or a reseller's own (no company). */
export const NOTICE_OWNERS = {
  company: 'price_notices.company_uuid',
  companyReseller: 'price_notices.reseller_uuid',
  reseller: 'price_notices.reseller_uuid',
  resellerOnlyWithoutCompany: true,
} as const;

const setColumns = [
  'change_set_uuid',
  'rate_table_uuid',
  'vendor_product_uuid',
  'owner_name',
  'kind',
  'status',
  'effective_from',
  'increases_from',
  'added',
  'increased',
  'decreased',
  'closed',
  'unchanged',
  'created_on',
  'decided_on',
  'reseller_uuid',
] as const;

function setSelect(db: Db) {
  return db
    .selectFrom('rate_change_sets')
    .select([...setColumns.map((c) => `rate_change_sets.${c}` as const), 'created_by', 'decided_by', 'by_country']);
}

export async function insertChangeSet(
  trx: Transaction<Database>,
  set: {
    owner: { rate_table_uuid?: string; vendor_product_uuid?: string };
    owner_name: string;
    reseller_uuid: string | null;
    kind: DeckKind;
    effective_from: Date;
    counts: ChangeCounts;
    by_country: unknown;
    created_by: string;
  },
  rows: DiffRow[],
): Promise<string> {
  const { change_set_uuid } = await trx
    .insertInto('rate_change_sets')
    .values({
      rate_table_uuid: set.owner.rate_table_uuid ?? null,
      vendor_product_uuid: set.owner.vendor_product_uuid ?? null,
      owner_name: set.owner_name,
      reseller_uuid: set.reseller_uuid,
      kind: set.kind,
      effective_from: set.effective_from,
      ...set.counts,
      by_country: JSON.stringify(set.by_country),
      created_by: set.created_by,
    })
    .returning('change_set_uuid')
    .executeTakeFirstOrThrow();
  const changed = rows.filter((r) => r.change !== 'unchanged');
  for (let i = 0; i < changed.length; i += 5000) {
    const c = changed.slice(i, i + 5000);
    await sql`insert into rate_change_rows (change_set_uuid, seq, code, mobile_network_uuid, country_name, change, old_price, new_price, effective_from)
      select ${change_set_uuid}::uuid, ${i} + u.ord::int, u.code, u.net, u.country, u.change, u.old, u.new, u.eff
      from unnest(${c.map((r) => r.code)}::text[], ${c.map((r) => r.mobile_network_uuid)}::uuid[], ${c.map((r) => r.country_name)}::text[],
        ${c.map((r) => r.change)}::text[], ${c.map((r) => r.old_price)}::numeric[], ${c.map((r) => r.new_price)}::numeric[],
        ${c.map((r) => r.effective_from?.toISOString() ?? null)}::timestamptz[]) with ordinality as u(code, net, country, change, old, new, eff, ord)`.execute(
      trx,
    );
  }
  return change_set_uuid;
}

export async function listChangeSets(db: Db, visible: Expression<SqlBool>, q: ChangeSetListQuery) {
  let filtered = db.selectFrom('rate_change_sets').where(visible);
  if (q.status) filtered = filtered.where('rate_change_sets.status', '=', q.status);
  if (q.owner_name) filtered = filtered.where('rate_change_sets.owner_name', 'ilike', wildcard(q.owner_name));
  const { col, dir } = ordering(
    q,
    ['created_on', 'owner_name', 'status', 'effective_from'] as const,
    'created_on',
    'desc',
  );
  const ids = filtered.select('change_set_uuid');
  const rows = setSelect(db)
    .where('rate_change_sets.change_set_uuid', 'in', ids)
    .orderBy(`rate_change_sets.${col}`, dir);
  return listPage(q, rows, filtered);
}

export const changeSetOf = (db: Db, visible: Expression<SqlBool>, id: string) =>
  setSelect(db).where('rate_change_sets.change_set_uuid', '=', id).where(visible).executeTakeFirst();

/** The set's rows in code order, at most `limit` (null: all). */
export async function changeRows(db: Db, id: string, limit: number | null) {
  let q = db
    .selectFrom('rate_change_rows')
    .select([
      'seq',
      'code',
      'mobile_network_uuid',
      'country_name',
      'change',
      sql<string | null>`old_price::text`.as('old_price'),
      sql<string | null>`new_price::text`.as('new_price'),
      'effective_from',
      'ceases_on',
    ])
    .where('change_set_uuid', '=', id)
    .orderBy('seq');
  if (limit !== null) q = q.limit(limit);
  return q.execute();
}

/** Marks a pending set decided; false when it was decided already (by someone else, a moment ago). */
export async function decide(
  trx: Transaction<Database>,
  id: string,
  status: 'approved' | 'rejected',
  by: string,
  dates?: { effective_from: Date; increases_from: Date },
): Promise<boolean> {
  const res = await trx
    .updateTable('rate_change_sets')
    .set({ status, decided_by: by, decided_on: sql<Date>`now()`, ...(dates ?? {}) })
    .where('change_set_uuid', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The dates the rows took once approved. */
export async function dateRows(
  trx: Transaction<Database>,
  id: string,
  dated: { seq: number; at: Date; closes: boolean }[],
) {
  for (let i = 0; i < dated.length; i += 5000) {
    const c = dated.slice(i, i + 5000);
    await sql`update rate_change_rows r set effective_from = case when u.closes then r.effective_from else u.at end,
        ceases_on = case when u.closes then u.at else null end
      from unnest(${c.map((d) => d.seq)}::int[], ${c.map((d) => d.at.toISOString())}::timestamptz[], ${c.map((d) => d.closes)}::boolean[]) as u(seq, at, closes)
      where r.change_set_uuid = ${id} and r.seq = u.seq`.execute(trx);
  }
}

export async function insertNotices(
  trx: Transaction<Database>,
  notices: {
    change_set_uuid: string;
    company_uuid: string | null;
    reseller_uuid: string | null;
    notice_days: number;
    effective_from: Date;
    added: number;
    increased: number;
    decreased: number;
    closed: number;
  }[],
) {
  if (!notices.length) return [];
  return trx
    .insertInto('price_notices')
    .values(notices)
    .returning(['notice_uuid', 'company_uuid', 'reseller_uuid'])
    .execute();
}

function noticeSelect(db: Db) {
  return db
    .selectFrom('price_notices')
    .innerJoin('rate_change_sets as s', 's.change_set_uuid', 'price_notices.change_set_uuid')
    .select([
      'price_notices.notice_uuid',
      'price_notices.change_set_uuid',
      'price_notices.company_uuid',
      'price_notices.reseller_uuid',
      'price_notices.notice_days',
      'price_notices.effective_from',
      'price_notices.added',
      'price_notices.increased',
      'price_notices.decreased',
      'price_notices.closed',
      'price_notices.created_on',
      's.owner_name',
    ]);
}

export async function listNotices(db: Db, visible: Expression<SqlBool>, q: PriceNoticeListQuery) {
  const { col, dir } = ordering(q, ['created_on', 'effective_from'] as const, 'created_on', 'desc');
  const rows = noticeSelect(db).where(visible).orderBy(`price_notices.${col}`, dir);
  return listPage(q, rows, db.selectFrom('price_notices').where(visible));
}

export const noticeOf = (db: Db, visible: Expression<SqlBool>, id: string) =>
  noticeSelect(db).where('price_notices.notice_uuid', '=', id).where(visible).executeTakeFirst();
