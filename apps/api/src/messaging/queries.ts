// The message lists (/sms/list, log/report, log/mo_report): one query over the list indexes of
// migration 050. Newest first by (created_on, sms_uuid); a cursor continues after the last row by key,
// so a deep page costs what the first does; totals are counted up to SMS_COUNT_CAP + 1 rows only.
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { SMS_COUNT_CAP, type SentByKind, type Sms, type SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { formatMoney } from '../billing';
import { parseDnis, productsOfVendor } from '../catalog';
import { HttpError } from '../lib/http-error';
import { decodeCursor, encodeCursor, wildcard } from '../lib/list';
import type { TenantColumns } from '../lib/tenancy';
import { apiKeyNameOf, apiKeysNamed } from '../security';
import { accountsRepository, companyRows, userRows } from '../accounts';

/** Where a message keeps its owners (its reseller is copied onto it, so a reseller's list needs no sub-select). */
export const SMS_OWNERS: TenantColumns = {
  company: 'sms.company_uuid',
  companyReseller: 'sms.reseller_uuid',
  user: 'sms.user_uuid',
};

export interface SmsFilters {
  company_uuid?: string;
  company_name?: string;
  user_uuid?: string;
  user_name?: string;
  user_email?: string;
  sms_uuid?: string;
  dnis?: string;
  dnis_prefix?: string;
  ani?: string;
  recipient_number?: string;
  is_received?: boolean;
  recipient_uuid?: string;
  text?: string;
  status?: SmsStatus;
  created_gte?: string;
  created_lte?: string;
  vendor_uuid?: string;
  /** who sent it (the log's "Sent by"): a user's name, an API key's name or an SMPP account's system_id */
  sent_by?: string;
  sent_by_kind?: SentByKind;
}

export const SMS_ORDERS = ['created_on', 'dnis', 'ani', 'status', 'price', 'segments', 'delivered_on'] as const;

/**
 * A number filter: a whole number typed with its + ("*+12125550100*") matches exactly (index), digits
 * after a + match as a prefix, other digits anywhere in the number.
 */
function numberMatch(col: 'sms.dnis' | 'sms.ani', value: string): Expression<SqlBool> | null {
  const raw = value.replace(/\*/g, '').trim();
  const digits = raw.replace(/\D/g, '');
  if (!digits) return raw ? sql<boolean>`false` : null;
  const c = sql.ref(col);
  if (raw.startsWith('+')) {
    const full = parseDnis(raw);
    if (full && full.digits === digits) return sql<boolean>`${c} = ${`+${digits}`}`;
    return sql<boolean>`${c} like ${`+${digits}%`}`;
  }
  return sql<boolean>`${c} like ${`%${digits}%`}`;
}

type Q = SelectQueryBuilder<Database, 'sms', object>;

/**
 * How the log names an SMPP account (the "Sent by" column and filter). The smpp domain hands these over with
 * `app.messaging.useSmppNames()`: it depends on messaging, so messaging does not import it. Without the smpp
 * domain no message names an account.
 */
export interface SmppNames {
  systemIdOf(account: Expression<string | null>): RawBuilder<string | null>;
  accountsNamed(pattern: string): RawBuilder<unknown>;
}
export const NO_SMPP_NAMES: SmppNames = {
  systemIdOf: () => sql<string | null>`null::text`,
  accountsNamed: () => sql`(select null::uuid where false)`,
};

export function applyFilters(q: Q, f: SmsFilters, names: SmppNames): Q {
  if (f.company_uuid) q = q.where('sms.company_uuid', '=', f.company_uuid);
  if (f.company_name)
    q = q.where(sql<boolean>`sms.company_uuid in ${accountsRepository.companiesNamed(wildcard(f.company_name))}`);
  if (f.user_uuid) q = q.where('sms.user_uuid', '=', f.user_uuid);
  if (f.user_name) q = q.where(sql<boolean>`sms.user_uuid in ${accountsRepository.usersNamed(wildcard(f.user_name))}`);
  if (f.user_email)
    q = q.where(sql<boolean>`sms.user_uuid in ${accountsRepository.usersWithEmail(wildcard(f.user_email))}`);
  if (f.sms_uuid) q = q.where('sms.sms_uuid', '=', f.sms_uuid);
  if (f.sent_by_kind === 'smpp') q = q.where('sms.smpp_account_uuid', 'is not', null);
  if (f.sent_by_kind === 'api_key')
    q = q.where('sms.api_key_uuid', 'is not', null).where('sms.smpp_account_uuid', 'is', null);
  if (f.sent_by_kind === 'user')
    q = q
      .where('sms.user_uuid', 'is not', null)
      .where('sms.api_key_uuid', 'is', null)
      .where('sms.smpp_account_uuid', 'is', null);
  if (f.sent_by) {
    // the name shown in the column, whichever kind of sender it is
    const p = wildcard(f.sent_by);
    q = q.where(
      sql<boolean>`(sms.smpp_account_uuid in ${names.accountsNamed(p)} or sms.api_key_uuid in ${apiKeysNamed(p)}
        or (sms.api_key_uuid is null and sms.smpp_account_uuid is null
          and sms.user_uuid in ${accountsRepository.usersNamed(p)}))`,
    );
  }
  // A status names its direction (only incoming messages are 'received'), so with a status the
  // direction is implied and the (scope, status) index answers alone (index-only counts).
  if (f.status && f.is_received !== undefined && (f.status === 'received') !== f.is_received)
    q = q.where(sql<boolean>`false`);
  else if (f.is_received !== undefined && !f.status) q = q.where('sms.is_received', '=', f.is_received);
  if (f.recipient_uuid) q = q.where('sms.recipient_uuid', '=', f.recipient_uuid);
  if (f.status) q = q.where('sms.status', '=', f.status);
  if (f.text) q = q.where('sms.text', 'ilike', wildcard(f.text));
  if (f.created_gte) q = q.where('sms.created_on', '>=', new Date(f.created_gte));
  if (f.created_lte) q = q.where('sms.created_on', '<=', new Date(f.created_lte));
  if (f.vendor_uuid) q = q.where(sql<boolean>`sms.vendor_product_uuid in ${productsOfVendor(f.vendor_uuid)}`);
  if (f.dnis_prefix) q = q.where('sms.dnis', 'like', `+${f.dnis_prefix.replace(/\D/g, '')}%`);
  for (const [col, v] of [
    ['sms.dnis', f.dnis],
    ['sms.ani', f.ani],
  ] as const) {
    const m = v ? numberMatch(col, v) : null;
    if (m) q = q.where(m);
  }
  if (f.recipient_number) {
    // the other party: the recipient of an outgoing message, the sender of an incoming one
    const out = numberMatch('sms.dnis', f.recipient_number);
    const inc = numberMatch('sms.ani', f.recipient_number);
    if (out && inc) q = q.where(sql<boolean>`((not sms.is_received and ${out}) or (sms.is_received and ${inc}))`);
  }
  return q;
}

export interface SmsPageArgs {
  /** the SMPP accounts' names (app.messaging.smppNames) */
  names: SmppNames;
  per_page: number;
  offset: number;
  order_by: (typeof SMS_ORDERS)[number];
  dir: 'asc' | 'desc';
  cursor?: string;
  showCost: boolean;
  /** false: the caller is a company user its company does not let see money (prices answer null) */
  showPrice?: boolean;
}

/** Who sent it: the SMPP account it came in on, else the program's key, else the person (needs `users` joined). */
export const sentByKind = sql<SentByKind | null>`case when sms.smpp_account_uuid is not null then 'smpp'
  when sms.api_key_uuid is not null then 'api_key' when sms.user_uuid is not null then 'user' end`;
export const sentByName = (names: SmppNames) =>
  sql<string | null>`coalesce(${names.systemIdOf(
    sql.ref('sms.smpp_account_uuid'),
  )}, ${apiKeyNameOf(sql.ref('sms.api_key_uuid'))}, users.full_name)`;

const selectSms = (q: Q, names: SmppNames) =>
  q
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'sms.company_uuid')
    .leftJoin(userRows.as('users'), 'users.uuid', 'sms.user_uuid')
    .select([
      'sms.sms_uuid',
      'sms.ani',
      'sms.dnis',
      'sms.text',
      'sms.is_received',
      'sms.status',
      'sms.block_reason',
      'sms.status_message',
      'sms.segments',
      'sms.encoding',
      'sms.sandbox',
      sql<string | null>`sms.price::text`.as('price'),
      sql<string | null>`sms.cost::text`.as('cost'),
      'sms.currency',
      'sms.vendor_product_uuid',
      'sms.vendor_product_name',
      'sms.mobile_network_name',
      'sms.company_uuid',
      'companies.company_name',
      'sms.user_uuid',
      'users.full_name as user_name',
      'users.email as user_email',
      'sms.recipient_uuid',
      'sms.sms_template_uuid',
      'sms.send_at',
      'sms.sent_on',
      'sms.delivered_on',
      'sms.created_on',
      sql<string>`sms.created_on::text`.as('created_key'),
      sentByKind.as('sent_by_kind'),
      sentByName(names).as('sent_by_name'),
    ]);

type SmsRow = Record<string, unknown> & {
  sms_uuid: string;
  created_key: string;
  price: string | null;
  cost: string | null;
};

export async function smsPage(db: Kysely<Database>, scope: Expression<SqlBool>, f: SmsFilters, a: SmsPageArgs) {
  const filtered = (extra: Partial<SmsFilters> = {}) =>
    applyFilters(db.selectFrom('sms').where(scope), { ...f, ...extra }, a.names);
  const keyset = a.order_by === 'created_on';
  const cursor = keyset && a.cursor ? decodeCursor(a.cursor) : null;
  const offset = cursor ? 0 : a.offset;
  const ordered = (q: Q, limit: number, skip: number) => {
    let rows = selectSms(q, a.names);
    if (cursor) {
      rows = rows.where(
        a.dir === 'desc'
          ? sql<boolean>`(sms.created_on, sms.sms_uuid) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
          : sql<boolean>`(sms.created_on, sms.sms_uuid) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
      );
    }
    rows = rows.orderBy(sql.ref(`sms.${a.order_by}`), a.dir);
    if (!keyset) rows = rows.orderBy('sms.created_on', 'desc');
    rows = rows.orderBy('sms.sms_uuid', keyset ? a.dir : 'desc').limit(limit);
    return skip ? rows.offset(skip) : rows;
  };
  let found: Promise<SmsRow[]>;
  if (keyset && f.is_received === undefined && !f.status) {
    // The list indexes lead with the direction (is_received): newest first over both directions merges
    // the two index scans, each read no further than this page's end.
    const k = offset + a.per_page + 1;
    const dir = sql.raw(a.dir);
    found =
      sql<SmsRow>`select * from (${ordered(filtered({ is_received: false }), k, 0)} union all ${ordered(filtered({ is_received: true }), k, 0)}) u
      order by u.created_on ${dir}, u.sms_uuid ${dir} limit ${a.per_page + 1} offset ${offset}`
        .execute(db)
        .then((r) => r.rows);
  } else {
    found = ordered(filtered(), a.per_page + 1, offset).execute() as Promise<SmsRow[]>;
  }
  const [foundRows, counted] = await Promise.all([
    found,
    // capped count: at most SMS_COUNT_CAP + 1 index entries are read, whatever the table's size
    db
      .selectFrom(
        filtered()
          .select(sql`1`.as('one'))
          .limit(SMS_COUNT_CAP + 1)
          .as('capped'),
      )
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const more = foundRows.length > a.per_page;
  const items = foundRows.slice(0, a.per_page);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => toSms(r, a.showCost, a.showPrice ?? true)),
    total: Math.min(counted.n, SMS_COUNT_CAP),
    total_capped: counted.n > SMS_COUNT_CAP,
    per_page: a.per_page,
    next_cursor: keyset && more && last ? encodeCursor(last.created_key, last.sms_uuid) : null,
  };
}

const money = (v: string | null) => (v === null ? null : formatMoney(BigInt(v)));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toSms(
  r: Record<string, unknown> & { price: string | null; cost: string | null },
  showCost: boolean,
  showPrice = true,
): Sms {
  const { created_key: _k, sent_by_kind: kind, sent_by_name: name, ...rest } = r as Record<string, unknown>;
  void _k;
  return {
    ...(rest as unknown as Sms),
    sent_by: kind && name ? { kind: kind as SentByKind, name: name as string } : null,
    price: showPrice ? money(r.price) : null,
    cost: showCost ? money(r.cost) : null,
    send_at: iso(r.send_at as Date | null),
    sent_on: iso(r.sent_on as Date | null),
    delivered_on: iso(r.delivered_on as Date | null),
    created_on: iso(r.created_on as Date) as string,
  };
}

/** One message the caller may see (404 otherwise). */
export async function findSms(
  db: Kysely<Database>,
  names: SmppNames,
  scope: Expression<SqlBool>,
  sms_uuid: string,
  showCost: boolean,
  showPrice = true,
): Promise<Sms> {
  const row = await selectSms(
    db.selectFrom('sms').where(scope).where('sms.sms_uuid', '=', sms_uuid),
    names,
  ).executeTakeFirst();
  if (!row) throw new HttpError(404, 'SMS not found');
  return toSms(row, showCost, showPrice);
}
