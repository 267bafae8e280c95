import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ResolvedRate } from '../scope';

/** How a re-import meets the rates already in the table: `update` adds and changes, `replace` also removes. */
export type ImportMode = 'update' | 'replace';
export interface RateOwner {
  rate_table_uuid?: string;
  vendor_product_uuid?: string;
}
export interface DiffSample {
  code: string | null;
  mobile_network_uuid: string | null;
  country_name: string | null;
  old_price: string | null;
  new_price: string | null;
}
export interface RateDiff {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  samples: { added: DiffSample[]; changed: DiffSample[]; removed: DiffSample[] };
}

const SAMPLES = 10;
const CHUNK = 5000;

const ownerWhere = (o: RateOwner) =>
  o.rate_table_uuid
    ? sql`r.rate_table_uuid = ${o.rate_table_uuid}`
    : sql`r.vendor_product_uuid = ${o.vendor_product_uuid}`;

/**
 * Loads the file's rates into a temporary table (dropped at the transaction's end), so the comparison with
 * the table's rates runs in the database, not in memory, however large either side is.
 */
async function stage(trx: Transaction<Database>, rows: ResolvedRate[]) {
  await sql`create temp table import_lines (k text, code text, net uuid, price numeric(15,6), eff timestamptz, country text) on commit drop`.execute(
    trx,
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const c = rows.slice(i, i + CHUNK);
    await sql`insert into import_lines
      select coalesce('c' || u.code, 'n' || u.net::text), u.code, u.net, u.price, u.eff, u.country
      from unnest(${c.map((r) => r.code)}::text[], ${c.map((r) => r.mobile_network_uuid)}::uuid[], ${c.map((r) => r.price)}::numeric[],
        ${c.map((r) => r.effective_from.toISOString())}::timestamptz[], ${c.map((r) => r.country_name)}::text[]) as u(code, net, price, eff, country)`.execute(
      trx,
    );
  }
}

/** The price of each key in effect at `at` (the latest version from on or before it). */
const current = (owner: RateOwner, at: Date) => sql`(
  select distinct on (coalesce('c' || r.code, 'n' || r.mobile_network_uuid::text))
    coalesce('c' || r.code, 'n' || r.mobile_network_uuid::text) as k, r.code, r.mobile_network_uuid as net, r.price, r.country_name as country
  from rates r where ${ownerWhere(owner)} and r.effective_from <= ${at.toISOString()}::timestamptz
    and (r.ceases_on is null or r.ceases_on > ${at.toISOString()}::timestamptz)
  order by coalesce('c' || r.code, 'n' || r.mobile_network_uuid::text), r.effective_from desc)`;

async function diffStaged(trx: Transaction<Database>, owner: RateOwner, mode: ImportMode, at: Date): Promise<RateDiff> {
  const cur = current(owner, at);
  type Row = { kind: string; n: number };
  const counts = await sql<Row>`
    select case when c.k is null then 'added' when c.price = l.price then 'unchanged' else 'changed' end as kind, count(*)::int as n
    from import_lines l left join ${cur} c on c.k = l.k group by 1
    union all
    select 'removed', count(*)::int from ${cur} c where ${mode === 'replace'} and not exists (select 1 from import_lines l where l.k = c.k)`.execute(
    trx,
  );
  const n = (kind: string) => counts.rows.filter((r) => r.kind === kind).reduce((s, r) => s + Number(r.n), 0);
  const sample = async (kind: 'added' | 'changed' | 'removed') =>
    (
      await sql<DiffSample>`${
        kind === 'removed'
          ? sql`select c.code, c.net as mobile_network_uuid, c.country as country_name, c.price::text as old_price, null as new_price
              from ${cur} c where not exists (select 1 from import_lines l where l.k = c.k) order by c.k`
          : sql`select l.code, l.net as mobile_network_uuid, l.country as country_name, c.price::text as old_price, l.price::text as new_price
              from import_lines l left join ${cur} c on c.k = l.k
              where ${kind === 'added' ? sql`c.k is null` : sql`c.k is not null and c.price <> l.price`} order by l.k`
      } limit ${SAMPLES}`.execute(trx)
    ).rows;
  return {
    added: n('added'),
    changed: n('changed'),
    removed: n('removed'),
    unchanged: n('unchanged'),
    samples: {
      added: await sample('added'),
      changed: await sample('changed'),
      removed: mode === 'replace' ? await sample('removed') : [],
    },
  };
}

/** What an import would do, without writing: counts of new, changed, removed and unchanged rates, and the first rows. */
export async function previewImport(
  db: Kysely<Database>,
  owner: RateOwner,
  rows: ResolvedRate[],
  mode: ImportMode,
  at: Date,
) {
  return db.transaction().execute(async (trx) => {
    await stage(trx, rows);
    return diffStaged(trx, owner, mode, at);
  });
}

/**
 * Applies an import: new and changed rates become versions from their date (a later version of the same key
 * planned on or after it is replaced), unchanged ones are left as they are; `replace` deletes the rates of
 * the keys the file no longer holds (at once: a rate has no end date). Answers the same counts as the preview.
 */
export async function applyImport(
  trx: Transaction<Database>,
  owner: RateOwner,
  rows: ResolvedRate[],
  mode: ImportMode,
  at: Date,
) {
  await stage(trx, rows);
  const diff = await diffStaged(trx, owner, mode, at);
  const cur = current(owner, at);
  await sql`create temp table import_write on commit drop as
    select l.* from import_lines l left join ${cur} c on c.k = l.k where c.k is null or c.price <> l.price`.execute(
    trx,
  );
  await sql`delete from rates r using import_write w
    where ${ownerWhere(owner)} and coalesce('c' || r.code, 'n' || r.mobile_network_uuid::text) = w.k and r.effective_from >= w.eff`.execute(
    trx,
  );
  await sql`insert into rates (rate_table_uuid, vendor_product_uuid, code, mobile_network_uuid, price, effective_from, country_name)
    select ${owner.rate_table_uuid ?? null}::uuid, ${owner.vendor_product_uuid ?? null}::uuid, code, net, price, eff, country from import_write`.execute(
    trx,
  );
  if (mode === 'replace')
    await sql`delete from rates r where ${ownerWhere(owner)}
      and not exists (select 1 from import_lines l where l.k = coalesce('c' || r.code, 'n' || r.mobile_network_uuid::text))`.execute(
      trx,
    );
  return diff;
}
