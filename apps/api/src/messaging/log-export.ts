// The SMS logs as a streamed CSV (log/report and log/mo_report with format=csv), and the aggregated
// form of GET /log/report. Rows go out 5,000 at a time by key (created_on, sms_uuid) over the list
// indexes, so the first bytes leave at once, memory stays flat and a cancelled download stops querying.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BLOCK_REASON_WORDS, type BlockReason, type LogReportQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { formatMoney } from '../lib/money';
import { showCost } from '../lib/access';
import { withCurrencyColumn } from '@smsc/shared-util';
import { sendCsv, type CsvColumn } from '../lib/csv-download';
import { rowsOf } from '../lib/tenancy';
import { answerReport, genericRequest } from '../reports';
import { companyRows, userRows } from '../accounts';
import { applyFilters, sentByKind, sentByName, SMS_OWNERS, type SmppNames, type SmsFilters } from './queries';

// the first batch is small so the first bytes leave at once; later ones are larger to cut round trips
const FIRST_BATCH = 500;
const BATCH = 5_000;

export function logColumns(cost: boolean): CsvColumn[] {
  return withCurrencyColumn([
    { key: 'created_on', title: 'Created (UTC)' },
    { key: 'sms_uuid', title: 'SMS id' },
    { key: 'direction', title: 'Direction' },
    { key: 'ani', title: 'From', kind: 'phone' },
    { key: 'dnis', title: 'To', kind: 'phone' },
    { key: 'status', title: 'Status' },
    { key: 'block_reason', title: 'Block reason' },
    { key: 'segments', title: 'Segments', kind: 'number' },
    { key: 'encoding', title: 'Encoding' },
    { key: 'price', title: 'Price', kind: 'money' },
    ...(cost ? [{ key: 'cost', title: 'Cost', kind: 'money' as const }] : []),
    { key: 'vendor_product_name', title: 'Vendor product' },
    { key: 'mobile_network_name', title: 'Network' },
    { key: 'company_name', title: 'Company' },
    { key: 'user_email', title: 'User' },
    { key: 'sent_by', title: 'Sent by' },
    { key: 'text', title: 'Text' },
  ]);
}

type LogRow = Record<string, unknown> & {
  sms_uuid: string;
  created_key: string;
  sort_key: string;
  price: string | null;
  cost: string | null;
  is_received: boolean;
};
type After = { key: string; id: string } | null;

/** One keyset batch of one filter, newest first, after the cursor. */
async function batchOf(
  db: Kysely<Database>,
  scope: Expression<SqlBool>,
  f: SmsFilters,
  after: After,
  size: number,
  names: SmppNames,
): Promise<LogRow[]> {
  let q = applyFilters(db.selectFrom('sms').where(scope), f, names);
  if (after) q = q.where(sql<boolean>`(sms.created_on, sms.sms_uuid) < (${after.key}::timestamptz, ${after.id}::uuid)`);
  return (await q
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'sms.company_uuid')
    .leftJoin(userRows.as('users'), 'users.uuid', 'sms.user_uuid')
    .select([
      'sms.sms_uuid',
      'sms.is_received',
      'sms.ani',
      'sms.dnis',
      'sms.status',
      'sms.block_reason',
      'sms.segments',
      'sms.encoding',
      'sms.currency',
      sql<string | null>`sms.price::text`.as('price'),
      sql<string | null>`sms.cost::text`.as('cost'),
      'sms.vendor_product_name',
      'sms.mobile_network_name',
      'companies.company_name',
      'users.email as user_email',
      // the log's "Sent by" in words: a program's key or SMPP account says what it is
      sql<string | null>`case ${sentByKind} when 'smpp' then ${sentByName(names)} || ' (SMPP account)'
        when 'api_key' then ${sentByName(names)} || ' (API key)' else ${sentByName(names)} end`.as('sent_by'),
      'sms.text',
      'sms.created_on',
      sql<string>`sms.created_on::text`.as('created_key'),
      // fixed width, so two directions' batches merge by plain string order
      sql<string>`to_char(sms.created_on at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`.as('sort_key'),
    ])
    .orderBy('sms.created_on', 'desc')
    .orderBy('sms.sms_uuid', 'desc')
    .limit(size)
    .execute()) as unknown as LogRow[];
}

const newer = (a: LogRow, b: LogRow) => (a.sort_key !== b.sort_key ? a.sort_key > b.sort_key : a.sms_uuid > b.sms_uuid);

/**
 * Both directions at once (the reseller's log, or no direction chosen): the list indexes lead with the
 * direction, so each direction is read by its own index in order and the two batches are merged here,
 * instead of one query sorting every message of the scope before its first row.
 */
async function bothDirections(
  db: Kysely<Database>,
  scope: Expression<SqlBool>,
  f: SmsFilters,
  after: After,
  size: number,
  names: SmppNames,
): Promise<LogRow[]> {
  const [out, inc] = await Promise.all([
    batchOf(db, scope, { ...f, is_received: false }, after, size, names),
    batchOf(db, scope, { ...f, is_received: true }, after, size, names),
  ]);
  const merged: LogRow[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < size && (i < out.length || j < inc.length)) {
    if (j >= inc.length || (i < out.length && newer(out[i], inc[j]))) merged.push(out[i++]);
    else merged.push(inc[j++]);
  }
  return merged;
}

export async function* logBatches(
  db: Kysely<Database>,
  scope: Expression<SqlBool>,
  f: SmsFilters,
  stopped: () => boolean,
  names: SmppNames,
) {
  let after: After = null;
  let size = FIRST_BATCH;
  const both = f.is_received === undefined && !f.status;
  while (!stopped()) {
    const rows: LogRow[] = both
      ? await bothDirections(db, scope, f, after, size, names)
      : await batchOf(db, scope, f, after, size, names);
    if (!rows.length) return;
    yield rows.map((r) => ({
      ...r,
      direction: r.is_received ? 'incoming' : 'outgoing',
      // the reason in words, as the log's detail drawer says it
      block_reason: r.block_reason ? (BLOCK_REASON_WORDS[r.block_reason as BlockReason] ?? r.block_reason) : null,
      created_on: new Date(r.created_on as Date).toISOString(),
      price: r.price === null ? null : formatMoney(BigInt(r.price)),
      cost: r.cost === null ? null : formatMoney(BigInt(r.cost)),
    }));
    if (rows.length < size) return;
    size = BATCH;
    const last: LogRow = rows[rows.length - 1];
    after = { key: last.created_key, id: last.sms_uuid };
  }
}

/** The messages of the caller's scope and filters as a streamed CSV (the SMS log screens' Export CSV). */
/** The log's query words (GET /sms/list, /log/report, /log/mo_report) as the sms table's filters: one mapping for
 * the page and its CSV, so an export holds exactly what the screen's filter shows. */
export function logFilters(
  q: Pick<
    LogReportQuery,
    | 'start_time'
    | 'end_time'
    | 'dnis'
    | 'dnis_prefix'
    | 'ani'
    | 'sms_content'
    | 'user_id'
    | 'user_name'
    | 'company_name'
    | 'vendor_id'
    | 'status'
  >,
  is_received?: boolean,
): SmsFilters {
  return {
    is_received,
    created_gte: q.start_time,
    created_lte: q.end_time,
    dnis: q.dnis,
    dnis_prefix: q.dnis_prefix,
    ani: q.ani,
    text: q.sms_content,
    user_uuid: q.user_id,
    user_name: q.user_name,
    company_name: q.company_name,
    vendor_uuid: q.vendor_id,
    status: q.status,
  };
}

export function sendLogCsv(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, f: SmsFilters) {
  const name = f.is_received === undefined ? 'sms-log.csv' : f.is_received ? 'incoming-sms.csv' : 'outgoing-sms.csv';
  return sendCsv(reply, name, logColumns(showCost(req)), (stopped) =>
    logBatches(app.db, rowsOf(req, SMS_OWNERS), f, stopped, app.messaging.smppNames),
  );
}

/**
 * GET /log/report and /log/mo_report: with group, step or fields the generic report of docs/spec.md §7
 * (the reports domain's, aggregated from the rollups); with format=csv the whole log streamed as CSV;
 * otherwise the SMS log page (`list`, sms-routes.ts).
 */
export function logReportOr(
  app: FastifyInstance,
  is_received: boolean,
  list: (req: FastifyRequest<{ Querystring: LogReportQuery }>) => Promise<unknown>,
) {
  return async (req: FastifyRequest<{ Querystring: LogReportQuery }>, reply: FastifyReply) => {
    const q = req.query;
    if (!is_received && (q.group !== undefined || q.step !== undefined || q.fields !== undefined))
      return answerReport(app, reply, await genericRequest(app, req, q, 'report'));
    if (q.format !== 'csv') return list(req);
    return sendLogCsv(app, req, reply, logFilters(q, is_received));
  };
}
