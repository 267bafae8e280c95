// A report request from its query (the generic form, the SMS reports), and its answer: one page as JSON, or
// every row as a streamed CSV with money to the currency's digits. Cost figures go only to those who may see them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SmsReportQuery,
  MAX_PER_PAGE,
  REPORT_FIELDS,
  type ReportField,
  type ReportGroup,
  type ReportRow,
  type ReportStep,
} from '@smsc/shared-contract';
import { HttpError } from '../lib/http-error';
import { parseFields, parseGroups, parseStep, checkStepFits, ReportInputError, type Range } from './engine';
import { dayBounds, resolveRange } from './report-clock';
import { reportRows, type ReportArgs, type ReportFilters } from './queries';
import { withCurrencyColumn } from '@smsc/shared-util';
import { sendCsv, type CsvColumn } from '../lib/csv-download';
import { callerScope } from '../lib/tenancy';
import { showCost } from '../lib/access';
import { accountZone } from '../accounts';

const DAY = 86_400_000;

/** Input mistakes answer 400 with the engine's message. */
export function input<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ReportInputError) throw new HttpError(400, e.message);
    throw e;
  }
}

const GROUP_COLUMNS: Record<ReportGroup, CsvColumn[]> = {
  company: [{ key: 'company_name', title: 'Company' }],
  reseller: [{ key: 'reseller_name', title: 'Reseller' }],
  user: [{ key: 'user_name', title: 'User' }],
  vendor: [{ key: 'vendor_name', title: 'Vendor' }],
  vendor_product: [{ key: 'vendor_product_name', title: 'Vendor product' }],
  network: [
    { key: 'country', title: 'Country' },
    { key: 'network', title: 'Network' },
  ],
  number: [{ key: 'number', title: 'Number', kind: 'phone' }],
  status: [{ key: 'status', title: 'Status' }],
};

const COST_FIELDS: ReportField[] = ['cost', 'lookup_cost', 'margin', 'platform_cost', 'reseller_margin'];
const MONEY_FIELDS = new Set<ReportField>(['revenue', ...COST_FIELDS]);

/**
 * The CSV columns of a report: time (unless total) in the report's zone, as the console shows times, its groups,
 * its figures (money to the currency's digits).
 */
export function reportColumns(
  step: ReportStep,
  groups: ReportGroup[],
  fields: ReportField[],
  cost: boolean,
  zone = 'UTC',
): CsvColumn[] {
  const figures = fields.filter((f) => cost || !COST_FIELDS.includes(f));
  // the platform's money is in one currency (the JSON answer's `currency`)
  return withCurrencyColumn([
    ...(step === 'total' ? [] : [{ key: 'time', title: `Time (${zone})`, kind: 'datetime' as const, zone }]),
    ...groups.flatMap((g) => GROUP_COLUMNS[g]),
    ...figures.map((f) => ({
      key: f,
      title: f[0].toUpperCase() + f.slice(1).replace(/_/g, ' '),
      kind: MONEY_FIELDS.has(f) ? ('money' as const) : ('number' as const),
    })),
  ]);
}

/** Keeps the asked figures of a row (time and group columns always). */
const pick = (row: ReportRow, fields: ReportField[]): ReportRow => {
  const drop = REPORT_FIELDS.filter((f) => !fields.includes(f));
  const out: Record<string, unknown> = { ...row };
  for (const f of drop) delete out[f];
  return out as ReportRow;
};

export interface ReportRequest {
  args: ReportArgs;
  fields: ReportField[];
  csv: boolean;
  filename: string;
}

/** Answers a report as JSON (one page) or as a streamed CSV (every row, 10,000 at a time). */
export async function answerReport(app: FastifyInstance, reply: FastifyReply, r: ReportRequest) {
  const { args, fields } = r;
  if (r.csv) {
    const columns = reportColumns(args.step, args.groups, fields, args.showCost, args.zone);
    return sendCsv(reply, r.filename, columns, async function* (stopped) {
      for (let offset = 0; !stopped(); offset += 10_000) {
        const page = await reportRows(app.db, { ...args, limit: 10_000, offset }, app.messagingRepository.smsRows);
        if (!page.rows.length) return;
        yield page.rows as unknown as Record<string, unknown>[];
        if (page.rows.length < 10_000) return;
      }
    });
  }
  const page = await reportRows(app.db, args, app.messagingRepository.smsRows);
  return {
    items: page.rows.map((row) => pick(row, fields)),
    total: page.total,
    per_page: args.limit ?? MAX_PER_PAGE,
    start_time: args.range.start.toISOString(),
    end_time: args.range.end.toISOString(),
    step: args.step,
    group: args.groups,
    totals: pick(page.totals, fields),
    currency: 'USD',
    time_zone: args.zone,
  };
}

/** The generic report's query (stat/report and the aggregated form of log/report). */
export interface GenericQuery {
  start_time?: string;
  end_time?: string;
  step?: string;
  group?: string;
  fields?: string;
  format?: 'json' | 'csv';
  company_uuid?: string;
  reseller_uuid?: string;
  vendor_id?: string;
  company_name?: string;
  dnis_prefix?: string;
  ani?: string;
  from?: number;
  count?: number;
}

/** The caller's report zone (accounts/account-zone.ts): its company's, else its own. */
export const reportZone = (app: FastifyInstance, req: FastifyRequest) => accountZone(app.db, req.user);

export async function genericRequest(
  app: FastifyInstance,
  req: FastifyRequest,
  q: GenericQuery,
  name: string,
): Promise<ReportRequest> {
  const zone = await reportZone(app, req);
  return input(() => {
    const step = parseStep(q.step);
    const range = resolveRange(q.start_time, q.end_time, new Date(), DAY, zone, step);
    checkStepFits(range, step);
    const filters: ReportFilters = {
      company_uuid: q.company_uuid,
      reseller_uuid: q.reseller_uuid,
      vendor_uuid: q.vendor_id,
      company_name: q.company_name,
      dnis_prefix: q.dnis_prefix,
      number: q.ani,
    };
    const per = Math.min(q.count ?? MAX_PER_PAGE, MAX_PER_PAGE);
    return {
      args: {
        scope: callerScope(req),
        range,
        step,
        zone,
        groups: parseGroups(q.group),
        filters,
        showCost: showCost(req),
        limit: per,
        offset: q.from ?? 0,
      },
      fields: parseFields(q.fields),
      csv: q.format === 'csv',
      filename: `${name}.csv`,
    };
  });
}

/** /sms/report and /sms/reseller/report: by company, or by `otherwise` (day, reseller), paged. */
export function smsReportRequest(
  req: FastifyRequest,
  q: SmsReportQuery,
  zone: string,
  fallback: Range,
  otherwise: { step: ReportStep; groups: ReportGroup[] },
  name: string,
): ReportRequest {
  return input(() => {
    const shape = q.group_by_company ? { step: 'total' as const, groups: ['company' as const] } : otherwise;
    const b = dayBounds(q.date_gte, q.date_lte, zone);
    const range =
      b.start || b.end
        ? resolveRange(b.start ?? fallback.start.toISOString(), b.end, new Date(), 30 * DAY, zone, shape.step)
        : fallback;
    const per_page = Math.min(q.per_page ?? 10, MAX_PER_PAGE);
    return {
      args: {
        scope: callerScope(req),
        range,
        zone,
        ...shape,
        filters: { company_name: q.company_name },
        showCost: showCost(req),
        limit: per_page,
        offset: (q.page ?? 0) * per_page,
      },
      fields: [...REPORT_FIELDS],
      csv: q.format === 'csv',
      filename: `${name}.csv`,
    };
  });
}
