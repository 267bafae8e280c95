// Messaging's repository: what other domains read of its tables (sms and the rest), so that no file outside
// messaging names them (tools/eslint/api-table-owners.mjs). The messaging plugin decorates the API context
// with it as `app.messagingRepository` (`app.messaging` is the send pipeline's service); a query module with
// no app imports `messagingRepository` from the index. Not every domain calls it yet: the budget in
// tools/eslint/api-table-owners.json counts what still names messaging's tables. Where another domain's
// statement reads messages beside its own work (the guards' pumping counts), messaging hands it a fragment
// (`sentMessages`) instead: the statement, and its plan, stay what they were.
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { visibleRows, type CallerScope } from '../lib/tenancy';
import { SMS_OWNERS } from './queries';
import { retentionQueries } from './retention-queries';
import { smsRows } from './rows';

type Db = Kysely<Database>;

/**
 * The messages that went out or were priced to go (sent, not received, not blocked) as a relation with the
 * columns sms_uuid, company_uuid, dnis, text, segments, price, created_on; of one company when it is given.
 * A plain sub-select: PostgreSQL pulls it up into the statement that selects from it.
 */
export const sentMessages = (company?: Expression<string>): RawBuilder<unknown> =>
  sql`(select sms_uuid, company_uuid, dnis, text, segments, price, created_on from sms
    where is_received = false and status <> 'blocked'${company ? sql` and company_uuid = ${company}` : sql``})`;

/**
 * Every message's state and parties, as a sub-select to join by sms_uuid (the Twilio-compatible StatusCallback
 * sender compares each message's status with the last it posted).
 */
export const messageStates: RawBuilder<unknown> = sql`(select sms_uuid, company_uuid, status, ani, dnis, block_reason,
    status_message from sms)`;

export interface MessagingRepository {
  /** the bulks of the company's latest messages to a number since a time, newest first (a STOP's campaign) */
  recentBulksTo(db: Db, company_uuid: string, number: string, since: Date, limit?: number): Promise<string[]>;
  /** whether the company has sent a message that went out (not blocked): the getting-started checklist */
  hasSent(db: Db, company_uuid: string): Promise<boolean>;
  sentMessages: typeof sentMessages;
  messageStates: typeof messageStates;
  /** every message as a relation (rows.ts): the reports read the hours their rollups do not cover through it */
  smsRows: typeof smsRows;
  /** an outgoing message the caller may see (any status), with its company; undefined otherwise */
  visibleOutgoing(
    db: Db,
    scope: CallerScope,
    sms_uuid: string,
  ): Promise<{ sms_uuid: string; company_uuid: string | null } | undefined>;
  /** outgoing messages by status, every company (the Operations figures) */
  outgoingByStatus(db: Db): Promise<{ state: string; count: number }[]>;
  /** messages handed to each gateway link (smsc_id, 'unknown' for none) in the last minute */
  handedLastMinute(db: Db): Promise<{ link: string; count: number }[]>;
  /**
   * The priced outgoing messages since a date (not blocked, cancelled or still scheduled) that a vendor
   * product carried, or of some companies, or of some resellers' companies: the traffic a rate change's
   * margin impact is computed over. Amounts in micro-units as text.
   */
  trafficSince(db: Db, since: Date, of: TrafficOf): Promise<TrafficRow[]>;
  /** the retention pass's batches (messaging/retention-queries.ts) */
  redactBatch: (typeof retentionQueries)['redactBatch'];
  expiredBatch: (typeof retentionQueries)['expiredBatch'];
  removeRetained: (typeof retentionQueries)['removeRetained'];
}

export interface TrafficOf {
  vendor_product_uuid?: string;
  company_uuids?: string[];
  reseller_uuids?: string[];
}
export interface TrafficRow {
  dnis: string;
  segments: number;
  price: string | null;
  cost: string | null;
  wholesale_cost: string | null;
  company_uuid: string | null;
  reseller_uuid: string | null;
}

export const messagingRepository: MessagingRepository = {
  sentMessages,
  messageStates,
  smsRows,
  ...retentionQueries,

  async recentBulksTo(db, company_uuid, number, since, limit = 20) {
    const rows = await db
      .selectFrom('sms')
      .select('bulk_uuid')
      .where('dnis', '=', number)
      .where('company_uuid', '=', company_uuid)
      .where('is_received', '=', false)
      .where('bulk_uuid', 'is not', null)
      .where('created_on', '>', since)
      .orderBy('created_on', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.bulk_uuid as string);
  },

  async hasSent(db, company_uuid) {
    const row = await db
      .selectFrom('sms')
      .select('sms_uuid')
      .where('company_uuid', '=', company_uuid)
      .where('is_received', '=', false)
      .where('status', 'in', ['queued', 'sent', 'delivered'])
      .limit(1)
      .executeTakeFirst();
    return !!row;
  },

  async visibleOutgoing(db, scope, sms_uuid) {
    return db
      .selectFrom('sms')
      .select(['sms_uuid', 'company_uuid'])
      .where('sms_uuid', '=', sms_uuid)
      .where('is_received', '=', false)
      .where(visibleRows(scope, SMS_OWNERS))
      .executeTakeFirst();
  },

  async outgoingByStatus(db) {
    const { rows } = await sql<{ state: string; count: number }>`
      select status as state, count(*)::int as count from sms where is_received = false group by status order by status`.execute(
      db,
    );
    return rows;
  },

  async handedLastMinute(db) {
    // created_on bounds the scan to the list index's recent end
    const { rows } = await sql<{ link: string; count: number }>`
      select coalesce(smsc_id, 'unknown') as link, count(*)::int as count from sms
      where is_received = false and created_on > now() - interval '15 minutes' and sent_on > now() - interval '60 seconds'
      group by 1`.execute(db);
    return rows;
  },

  async trafficSince(db, since, of) {
    const ors = [
      of.vendor_product_uuid ? sql`vendor_product_uuid = ${of.vendor_product_uuid}` : null,
      of.company_uuids?.length ? sql`company_uuid = any(${of.company_uuids}::uuid[])` : null,
      of.reseller_uuids?.length ? sql`reseller_uuid = any(${of.reseller_uuids}::uuid[])` : null,
    ].filter((x) => x !== null);
    if (!ors.length) return [];
    const { rows } = await sql<TrafficRow>`
      select dnis, segments, price::text as price, cost::text as cost, wholesale_cost::text as wholesale_cost,
        company_uuid, reseller_uuid
      from sms where is_received = false and created_on >= ${since.toISOString()}::timestamptz
        and status not in ('blocked', 'cancelled', 'scheduled') and price is not null
        and (${sql.join(ors, sql` or `)})`.execute(db);
    return rows;
  },
};
