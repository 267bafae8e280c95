// The statements on the compliance tables (this domain owns them; others ask the service).
import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Filing, FilingEvent, FilingListQuery, FilingWithHistory } from '@smsc/shared-contract';
import { RENEWAL_REMINDER_DAYS } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { TenantColumns } from '../lib/tenancy';
import { paging, wildcard } from '../lib/list';
import { accountsRepository } from '../accounts';

type Db = Kysely<Database> | Transaction<Database>;
export type FilingRow = Selectable<Database['compliance_filings']>;

/** Who may see a filing: its company, the company's reseller (denormalised on the row), the admin. */
export const FILING_OWNERS: TenantColumns = {
  company: 'compliance_filings.company_uuid',
  companyReseller: 'compliance_filings.reseller_uuid',
};

const DAY = 86_400_000;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function present(db: Db, rows: FilingRow[]): Promise<Filing[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.filing_uuid);
  const brandIds = rows.map((r) => r.brand_uuid).filter((b): b is string => !!b);
  const [names, numbers, brands] = await Promise.all([
    accountsRepository.companyNames(
      db as Kysely<Database>,
      rows.map((r) => r.company_uuid),
    ),
    db
      .selectFrom('compliance_filing_numbers')
      .select(['filing_uuid', 'did_uuid', 'did'])
      .where('filing_uuid', 'in', ids)
      .orderBy('did')
      .execute(),
    brandIds.length
      ? db
          .selectFrom('compliance_filings')
          .select(['filing_uuid', 'name'])
          .where('filing_uuid', 'in', brandIds)
          .execute()
      : [],
  ]);
  const soon = Date.now() + RENEWAL_REMINDER_DAYS * DAY;
  return rows.map((r) => ({
    filing_uuid: r.filing_uuid,
    company_uuid: r.company_uuid,
    company_name: names.get(r.company_uuid) ?? '',
    kind: r.kind,
    name: r.name,
    status: r.status,
    status_reason: r.status_reason,
    brand_uuid: r.brand_uuid,
    brand_name: brands.find((b) => b.filing_uuid === r.brand_uuid)?.name ?? null,
    country: r.country,
    sender_id: r.sender_id,
    details: r.details,
    reviewer: r.reviewer,
    registry_ref: r.registry_ref,
    submitted_on: iso(r.submitted_on),
    decided_on: iso(r.decided_on),
    expires_on: iso(r.expires_on),
    renewal_due: r.status === 'approved' && !!r.expires_on && new Date(r.expires_on).getTime() <= soon,
    numbers: numbers.filter((n) => n.filing_uuid === r.filing_uuid).map(({ did_uuid, did }) => ({ did_uuid, did })),
    created_on: new Date(r.created_on).toISOString(),
    updated_on: new Date(r.updated_on).toISOString(),
  }));
}

export async function listFilings(db: Kysely<Database>, visible: Expression<SqlBool>, q: FilingListQuery) {
  const { per_page: limit, offset } = paging(q);
  let base = db.selectFrom('compliance_filings').where(visible);
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.company_uuid) base = base.where('company_uuid', '=', q.company_uuid);
  if (q.name) base = base.where('name', 'ilike', wildcard(q.name));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_on', 'desc').orderBy('filing_uuid').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await present(db, rows), total: Number(count.n), per_page: limit };
}

export const findRow = (db: Db, visible: Expression<SqlBool> | null, id: string) => {
  let q = db.selectFrom('compliance_filings').selectAll().where('filing_uuid', '=', id);
  if (visible) q = q.where(visible);
  return q.executeTakeFirst();
};

export async function filingWithHistory(db: Db, row: FilingRow): Promise<FilingWithHistory> {
  const [filing] = await present(db, [row]);
  const events = await db
    .selectFrom('compliance_filing_events')
    .select(['status', 'reason', 'actor', 'at'])
    .where('filing_uuid', '=', row.filing_uuid)
    .orderBy('event_id')
    .execute();
  return {
    ...filing,
    history: events.map((e) => ({ ...e, at: new Date(e.at).toISOString() }) as FilingEvent),
  };
}

export const addEvent = (
  db: Db,
  filing_uuid: string,
  status: FilingEvent['status'],
  actor: string | null,
  reason: string | null = null,
) => db.insertInto('compliance_filing_events').values({ filing_uuid, status, actor, reason }).execute();

/** What a company has approved, as the send check reads it (one round trip). */
export async function approvedOf(db: Db, company_uuid: string) {
  const [numbers, senderIds] = await Promise.all([
    db
      .selectFrom('compliance_filing_numbers as n')
      .innerJoin('compliance_filings as f', 'f.filing_uuid', 'n.filing_uuid')
      .select(['n.did', 'f.kind'])
      .where('n.company_uuid', '=', company_uuid)
      .where('f.status', '=', 'approved')
      .execute(),
    db
      .selectFrom('compliance_filings')
      .select(['sender_id', 'country'])
      .where('company_uuid', '=', company_uuid)
      .where('kind', '=', 'sender_id')
      .where('status', '=', 'approved')
      .execute(),
  ]);
  return {
    tenDlc: new Set(numbers.filter((n) => n.kind === 'campaign_10dlc').map((n) => n.did)),
    tollFree: new Set(numbers.filter((n) => n.kind === 'toll_free').map((n) => n.did)),
    senderIds: new Set(senderIds.map((s) => `${(s.sender_id ?? '').toUpperCase()}|${s.country}`)),
  };
}

/** Whether the company may send under an approved alphanumeric sender ID (the getting-started checklist's "sender"). */
export async function hasApprovedSenderId(db: Db, company_uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('compliance_filings')
    .select('filing_uuid')
    .where('company_uuid', '=', company_uuid)
    .where('kind', '=', 'sender_id')
    .where('status', '=', 'approved')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function readEnforcement(db: Db): Promise<boolean | null> {
  const r = await db.selectFrom('compliance_settings').select('enforcement').executeTakeFirst();
  return r ? r.enforcement : null;
}

export const writeEnforcement = (db: Db, enforcement: boolean) =>
  db
    .insertInto('compliance_settings')
    .values({ enforcement })
    .onConflict((oc) => oc.column('id').doUpdateSet({ enforcement, updated_on: sql`now()` }))
    .execute();

/** Approved filings expiring within the reminder window and not yet reminded, and those past their expiry. */
export async function dueForRenewal(db: Db, now: Date) {
  const soon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY);
  const [remind, expire] = await Promise.all([
    db
      .selectFrom('compliance_filings')
      .selectAll()
      .where('status', '=', 'approved')
      .where('expires_on', '<=', soon)
      .where('expires_on', '>', now)
      .where('reminded_on', 'is', null)
      .limit(500)
      .execute(),
    db
      .selectFrom('compliance_filings')
      .selectAll()
      .where('status', '=', 'approved')
      .where('expires_on', '<=', now)
      .limit(500)
      .execute(),
  ]);
  return { remind, expire };
}

export const insertFiling = (db: Db, values: Insertable<Database['compliance_filings']>) =>
  db.insertInto('compliance_filings').values(values).returningAll().executeTakeFirstOrThrow();

export const updateFiling = (db: Db, filing_uuid: string, set: Updateable<Database['compliance_filings']>) =>
  db
    .updateTable('compliance_filings')
    .set(set)
    .where('filing_uuid', '=', filing_uuid)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Whether some campaign is filed under this brand (a brand with campaigns is not deleted). */
export async function hasCampaigns(db: Db, brand_uuid: string): Promise<boolean> {
  const child = await db
    .selectFrom('compliance_filings')
    .select('filing_uuid')
    .where('brand_uuid', '=', brand_uuid)
    .executeTakeFirst();
  return !!child;
}

export const deleteFiling = (db: Db, filing_uuid: string) =>
  db.deleteFrom('compliance_filings').where('filing_uuid', '=', filing_uuid).execute();

/** The filing a number is attached to now, if any. */
export const numberAttachment = (db: Db, did_uuid: string) =>
  db.selectFrom('compliance_filing_numbers').selectAll().where('did_uuid', '=', did_uuid).executeTakeFirst();

/** Attaches the number to the filing, moving it off the one it was on (a number is under one filing). */
export const attachNumber = (db: Db, values: Insertable<Database['compliance_filing_numbers']>) =>
  db
    .insertInto('compliance_filing_numbers')
    .values(values)
    .onConflict((oc) => oc.column('did_uuid').doUpdateSet({ filing_uuid: values.filing_uuid, attached_on: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();

/** The attachment removed, or undefined when the number was not on this filing. */
export const detachNumber = (db: Db, filing_uuid: string, did_uuid: string) =>
  db
    .deleteFrom('compliance_filing_numbers')
    .where('filing_uuid', '=', filing_uuid)
    .where('did_uuid', '=', did_uuid)
    .returningAll()
    .executeTakeFirst();
