// The reads behind the bulk routes (one bulk, the list base, the per-number report, in the caller's scope)
// and behind a new bulk (is its sender one of the company's numbers).
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../lib/http-error';
import { rowsOf, type TenantColumns } from '../lib/tenancy';
import { numbersRepository } from '../numbers';
import { progressOf } from './progress';
import { companyRows } from '../accounts';
import { smsRows } from '../messaging';

/** A bulk belongs to its company; the company's reseller is kept on the row. No user column: a company's users share its bulks. */
export const BULK_OWNERS: TenantColumns = { company: 'bulks.company_uuid', companyReseller: 'bulks.reseller_uuid' };

export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** One bulk the caller may see (of the kind, if given), or 404. */
export async function findBulk(db: Kysely<Database>, req: FastifyRequest, id: string, kind?: 'delayed') {
  let q = db
    .selectFrom('bulks')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'bulks.company_uuid')
    .selectAll('bulks')
    .select('companies.company_name')
    .where('bulks.bulk_uuid', '=', id)
    .where(rowsOf(req, BULK_OWNERS));
  if (kind) q = q.where('bulks.kind', '=', kind);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Bulk');
  return row;
}
type Row = Awaited<ReturnType<typeof findBulk>>;

/** Bulks as the API answers them, with their progress figures. */
export async function presentBulks(db: Kysely<Database>, rows: Row[]) {
  const ids = rows.map((r) => r.bulk_uuid);
  const figures = await progressOf(db, ids);
  return rows.map((r) => ({
    bulk_uuid: r.bulk_uuid,
    kind: r.kind,
    company_uuid: r.company_uuid,
    company_name: r.company_name,
    user_uuid: r.user_uuid,
    ani: r.ani,
    ani_group_uuid: r.ani_group_uuid,
    text: r.text,
    status: r.status,
    hold_reason: r.hold_reason ?? null,
    file_name: r.file_name,
    campaign_uuid: r.campaign_uuid,
    send_at: iso(r.send_at),
    started_at: iso(r.started_on),
    finished_at: iso(r.finished_on),
    created_on: iso(r.created_on) as string,
    progress: { ...(figures.get(r.bulk_uuid) as NonNullable<ReturnType<typeof figures.get>>), status: r.status },
  }));
}

/** One page of a bulk's numbers with each one's message, filtered by route status; `size` is the bulk's count. */
export async function bulkReportPage(
  db: Kysely<Database>,
  bulk_uuid: string,
  size: number,
  page: { per_page: number; offset: number; route_status?: string },
) {
  const rs = page.route_status;
  const filter = !rs
    ? sql<boolean>`true`
    : rs === 'pending'
      ? sql<boolean>`s.sms_uuid is null`
      : sql<boolean>`s.status = ${rs}`;
  // a recipient's message is the one stored under its (bulk, seq) key
  const [rows, total] = await Promise.all([
    sql<{
      seq: number;
      number: string;
      route_status: string;
      text: string | null;
      sms_uuid: string | null;
      status_message: string | null;
      sent_on: Date | null;
    }>`
    select r.seq, r.number, coalesce(s.status, 'pending') as route_status, s.text, s.sms_uuid, s.status_message, s.sent_on
    from bulk_recipients r left join ${smsRows} s on s.bulk_uuid = r.bulk_uuid and s.bulk_seq = r.seq
    where r.bulk_uuid = ${bulk_uuid} and ${filter} order by r.seq limit ${page.per_page} offset ${page.offset}`.execute(
      db,
    ),
    // unfiltered, the count is the bulk's size: no join over all its numbers on every poll of the screen
    rs
      ? sql<{
          n: number;
        }>`select count(*)::int as n from bulk_recipients r left join ${smsRows} s on s.bulk_uuid = r.bulk_uuid and s.bulk_seq = r.seq
    where r.bulk_uuid = ${bulk_uuid} and ${filter}`.execute(db)
      : { rows: [{ n: size }] },
  ]);
  return { items: rows.rows.map((r) => ({ ...r, sent_on: iso(r.sent_on) })), total: total.rows[0].n };
}

/** Bulks joined with their company's name, before the caller's scope and filters. */
export const bulkListBase = (db: Kysely<Database>) =>
  db.selectFrom('bulks').leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'bulks.company_uuid');

/** Is `ani` one of the company's sending numbers (a DID of type ani it holds). */
export async function isCompanySender(db: Kysely<Database>, company_uuid: string, ani: string): Promise<boolean> {
  return (await numbersRepository.sendersAmong(db, company_uuid, [ani])).length > 0;
}
