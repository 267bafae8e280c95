// The SMS logs as a streamed CSV (log/report and log/mo_report with format=csv), and the aggregated
// form of GET /log/report. Rows go out 5,000 at a time by key (created_on, sms_uuid) over the list
// indexes, so the first bytes leave at once, memory stays flat and a cancelled download stops querying.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LogReportQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { formatMoney } from '../billing/money';
import { applyFilters, smsScope, type SmsFilters } from '../messaging/queries';
import { sendCsv, type CsvColumn } from './csv-stream';
import { answerReport, genericRequest, showCost } from './routes';

// the first batch is small so the first bytes leave at once; later ones are larger to cut round trips
const FIRST_BATCH = 500;
const BATCH = 5_000;

export function logColumns(cost: boolean): CsvColumn[] {
  return [
    { key: 'created_on', title: 'Created (UTC)' }, { key: 'sms_uuid', title: 'SMS id' }, { key: 'direction', title: 'Direction' },
    { key: 'ani', title: 'From', kind: 'phone' }, { key: 'dnis', title: 'To', kind: 'phone' }, { key: 'status', title: 'Status' },
    { key: 'block_reason', title: 'Block reason' }, { key: 'segments', title: 'Segments', kind: 'number' }, { key: 'encoding', title: 'Encoding' },
    { key: 'price', title: 'Price', kind: 'number' }, ...(cost ? [{ key: 'cost', title: 'Cost', kind: 'number' as const }] : []),
    { key: 'vendor_product_name', title: 'Vendor product' }, { key: 'mobile_network_name', title: 'Network' },
    { key: 'company_name', title: 'Company' }, { key: 'user_email', title: 'User' }, { key: 'text', title: 'Text' },
  ];
}

type LogRow = Record<string, unknown> & { sms_uuid: string; created_key: string; price: string | null; cost: string | null; is_received: boolean };

export async function* logBatches(db: Kysely<Database>, scope: Expression<SqlBool>, f: SmsFilters, stopped: () => boolean) {
  let after: { key: string; id: string } | null = null;
  let size = FIRST_BATCH;
  while (!stopped()) {
    let q = applyFilters(db.selectFrom('sms').where(scope), f);
    if (after) q = q.where(sql<boolean>`(sms.created_on, sms.sms_uuid) < (${after.key}::timestamptz, ${after.id}::uuid)`);
    const rows = (await q.leftJoin('companies', 'companies.company_uuid', 'sms.company_uuid').leftJoin('users', 'users.uuid', 'sms.user_uuid')
      .select([
        'sms.sms_uuid', 'sms.is_received', 'sms.ani', 'sms.dnis', 'sms.status', 'sms.block_reason', 'sms.segments', 'sms.encoding',
        sql<string | null>`sms.price::text`.as('price'), sql<string | null>`sms.cost::text`.as('cost'), 'sms.vendor_product_name', 'sms.mobile_network_name',
        'companies.company_name', 'users.email as user_email', 'sms.text', 'sms.created_on', sql<string>`sms.created_on::text`.as('created_key'),
      ])
      .orderBy('sms.created_on', 'desc').orderBy('sms.sms_uuid', 'desc').limit(size).execute()) as unknown as LogRow[];
    if (!rows.length) return;
    yield rows.map((r) => ({
      ...r, direction: r.is_received ? 'incoming' : 'outgoing', created_on: new Date(r.created_on as Date).toISOString(),
      price: r.price === null ? null : formatMoney(BigInt(r.price)), cost: r.cost === null ? null : formatMoney(BigInt(r.cost)),
    }));
    if (rows.length < size) return;
    size = BATCH;
    const last = rows[rows.length - 1];
    after = { key: last.created_key, id: last.sms_uuid };
  }
}

/**
 * GET /log/report and /log/mo_report: with group, step or fields the generic report of spec §7
 * (aggregated from the rollups: see routes.ts); with format=csv the whole log streamed as CSV;
 * otherwise the SMS log page (`list`, the messaging domain's handler).
 */
export function logReportOr(app: FastifyInstance, is_received: boolean, list: (req: FastifyRequest<{ Querystring: LogReportQuery }>) => Promise<unknown>) {
  return async (req: FastifyRequest<{ Querystring: LogReportQuery }>, reply: FastifyReply) => {
    const q = req.query;
    if (!is_received && (q.group !== undefined || q.step !== undefined || q.fields !== undefined)) return answerReport(app, reply, genericRequest(req, q, 'report'));
    if (q.format !== 'csv') return list(req);
    const f: SmsFilters = {
      is_received, created_gte: q.start_time, created_lte: q.end_time, dnis: q.dnis, dnis_prefix: q.dnis_prefix, ani: q.ani, text: q.sms_content,
      user_uuid: q.user_id, user_name: q.user_name, company_name: q.company_name, vendor_uuid: q.vendor_id, status: q.status,
    };
    const cost = showCost(req);
    return sendCsv(reply, is_received ? 'incoming-sms.csv' : 'outgoing-sms.csv', logColumns(cost), (stopped) => logBatches(app.db, smsScope(req), f, stopped));
  };
}
