import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  BulkActionResult,
  BulkCreateBody,
  BulkCreated,
  BulkDelayedBody,
  BulkUploadBody,
  BulkEstimate,
  BulkEstimateBody,
  BulkListQuery,
  BulkReport,
  BulkReportQuery,
  Bulk,
  IdParam,
  ListPage,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError, notFound } from '../lib/http-error';
import { ordering, paging, listPage } from '../lib/list';
import { uploadText } from '../lib/uploads';
import { fromCsv, fromNumbers } from './recipients';
import { formatMoney } from '../billing';
import { countSegments } from '../messaging';
import type { BulkService } from './service';
import { targetCompany } from '../lib/tenancy';

const tags = ['bulk'];
export const BULK_ACCESS = {
  admin: 'all',
  reseller: 'tenant',
  company_admin: 'tenant',
  user: 'tenant',
} satisfies AccessPolicy;
/** 100,000 numbers as JSON or CSV are a few MiB; the app-wide limit is 1 MiB. */
const BODY_LIMIT = 12 * 1024 * 1024;

/** The bulks the caller may see: all (system admin), its companies' (reseller), its company's. */
function bulkScope(req: FastifyRequest): Expression<SqlBool> {
  const { user, level } = req;
  if (level === 'all') return sql<boolean>`true`;
  if (user.user_type === 'reseller') return sql<boolean>`bulks.reseller_uuid = ${user.reseller_uuid}`;
  return sql<boolean>`bulks.company_uuid = ${user.company_uuid}`;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

interface FormInput {
  fields: Record<string, string>;
  csv: string | null;
  file_name: string | null;
}

/** A multipart form: its text fields and the CSV in "file". */
async function readForm(req: FastifyRequest): Promise<FormInput> {
  const out: FormInput = { fields: {}, csv: null, file_name: null };
  try {
    for await (const part of req.parts({
      limits: { fileSize: BODY_LIMIT, files: 1, fields: 10 },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new HttpError(400, `Send the CSV in the field "file", not "${part.fieldname}"`);
        const text = uploadText(await part.toBuffer());
        if (text === null) throw new HttpError(400, 'The file is not UTF-8 text; save the CSV as UTF-8');
        out.csv = text;
        out.file_name = part.filename;
      } else {
        out.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The file is larger than the 12 MiB limit');
    throw new HttpError(400, `The upload is not a valid multipart/form-data body (${(e as Error).message})`);
  }
  return out;
}

/** The multipart field "values": a JSON object of placeholder values (typed in the form). */
function typedValues(raw: string | undefined): Record<string, string> | undefined {
  if (!raw?.trim()) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'values: send the placeholder values as a JSON object, e.g. {"order":"A-12"}');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.values(v).some((x) => typeof x !== 'string'))
    throw new HttpError(400, 'values: send the placeholder values as a JSON object of texts, e.g. {"order":"A-12"}');
  return v as Record<string, string>;
}

function sendAt(v: string | null | undefined): Date | null {
  if (!v) return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new HttpError(400, `send_at: "${v}" is not a date and time`);
  return d;
}

export default async function bulkRoutes(base: FastifyInstance, opts: { service: BulkService }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const service = opts.service;

  const find = async (req: FastifyRequest, id: string, kind?: 'delayed') => {
    let q = app.db
      .selectFrom('bulks')
      .leftJoin('companies', 'companies.company_uuid', 'bulks.company_uuid')
      .selectAll('bulks')
      .select('companies.company_name')
      .where('bulks.bulk_uuid', '=', id)
      .where(bulkScope(req));
    if (kind) q = q.where('bulks.kind', '=', kind);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('Bulk');
    return row;
  };
  type Row = Awaited<ReturnType<typeof find>>;
  const present = async (rows: Row[]) => {
    const figures = await service.progressOf(rows.map((r) => r.bulk_uuid));
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
  };

  /** Accepts a bulk from JSON or a multipart form; `delayed` waits for run (or its send_at). */
  const accept = async (req: FastifyRequest, mode: 'bulk' | 'delayed' | 'upload') => {
    const delayed = mode === 'delayed';
    let f: {
      ani?: string;
      text?: string;
      numbers?: string[];
      csv?: string | null;
      send_at?: string | null;
      company_uuid?: string;
      file_name?: string | null;
      values?: Record<string, string>;
    };
    if (req.isMultipart()) {
      const form = await readForm(req);
      const { values, ...fields } = form.fields;
      f = {
        ...fields,
        values: typedValues(values),
        csv: form.csv,
        file_name: form.file_name ?? form.fields.file_name,
        numbers: form.fields.numbers ? [form.fields.numbers] : undefined,
      };
      if (!f.ani) throw new HttpError(400, 'ani: choose the number to send from');
      if (!f.text?.trim()) throw new HttpError(400, 'text: the message is empty');
    } else {
      f = req.body as BulkCreateBody & { file_name?: string };
    }
    const text = (f.text ?? '').trim();
    if (!text) throw new HttpError(400, 'text: the message is empty');
    const company_uuid = await targetCompany(app.db, req, f.company_uuid || undefined);
    const parsed = f.csv
      ? fromCsv(f.csv, text, f.values)
      : f.numbers && mode === 'bulk'
        ? fromNumbers(f.numbers, text, f.values)
        : null;
    if (!parsed)
      throw new HttpError(
        400,
        mode !== 'bulk'
          ? 'Upload the CSV of numbers in the field "file"'
          : 'Give the numbers (numbers) or a CSV (csv or the field "file")',
      );
    const created = await service.create({
      company_uuid,
      user_uuid: req.user.uuid,
      ani: f.ani,
      text,
      recipients: parsed.recipients,
      send_at: sendAt(f.send_at),
      kind: delayed ? 'delayed' : 'bulk',
      file_name: f.file_name ?? null,
      start_held: delayed,
    });
    return { ...created, duplicates: parsed.duplicates };
  };
  const multipartOrJson = (schema: unknown) => ({
    content: { 'application/json': { schema }, 'multipart/form-data': { schema: {} } },
  });

  app.post(
    '/bulk',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS, apiKey: true },
      schema: {
        tags,
        description:
          'JSON `{ ani, text, numbers | csv, send_at?, company_uuid? }`, or multipart with the CSV in "file". Answers at once; the messages go out in the background.',
        body: multipartOrJson(BulkCreateBody),
        response: { 201: BulkCreated },
      },
    },
    async (req, reply) => reply.code(201).send(await accept(req, 'bulk')),
  );

  app.post(
    '/bulk/estimate',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS, apiKey: true },
      schema: {
        tags,
        description:
          'What POST /bulk with this body would cost now: messages, parts, cost and refusals, against what the company can spend. Sends nothing.',
        body: BulkEstimateBody,
        response: { 200: BulkEstimate },
      },
    },
    async (req) => {
      const b = req.body;
      const text = b.text.trim();
      if (!text) throw new HttpError(400, 'text: the message is empty');
      const company_uuid = await targetCompany(app.db, req, b.company_uuid || undefined);
      const parsed = b.csv ? fromCsv(b.csv, text, b.values) : b.numbers ? fromNumbers(b.numbers, text, b.values) : null;
      if (!parsed) throw new HttpError(400, 'Give the numbers (numbers) or a CSV (csv)');
      const e = await service.estimate({ company_uuid, ani: b.ani, text, recipients: parsed.recipients });
      const seg = countSegments(text);
      return {
        total: e.total,
        duplicates: parsed.duplicates,
        messages: e.messages,
        parts: e.parts,
        parts_per_message: seg.segments,
        encoding: seg.encoding,
        cost: formatMoney(e.cost),
        available: formatMoney(e.available < 0n ? 0n : e.available),
        currency: e.currency,
        covered: e.available >= e.cost,
        refused: e.refused,
      };
    },
  );

  app.post(
    '/bulk_sms_delayed',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS },
      schema: {
        tags,
        description:
          'The delayed bulk (docs/spec.md §7 file upload): multipart with ani, text, send_at? and the CSV in "file" (or JSON with csv). It waits on hold until run, or until send_at.',
        body: multipartOrJson(BulkDelayedBody),
        response: { 201: BulkCreated },
      },
    },
    async (req, reply) => reply.code(201).send(await accept(req, 'delayed')),
  );

  app.post(
    '/bulk_sms',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS, apiKey: true },
      schema: {
        tags,
        description:
          'A workflow sent as a file upload: multipart with ani, text, values? (JSON of placeholder values), send_at? and the CSV in "file" (a number column plus a column per {placeholder}), or JSON with csv. It sends at once (or at send_at).',
        body: multipartOrJson(BulkUploadBody),
        response: { 201: BulkCreated },
      },
    },
    async (req, reply) => reply.code(201).send(await accept(req, 'upload')),
  );

  const list = (path: string, where: (q: ReturnType<typeof listBase>) => ReturnType<typeof listBase>) =>
    app.get(
      path,
      {
        config: { access: BULK_ACCESS, apiKey: true },
        schema: { tags, querystring: BulkListQuery, response: { 200: ListPage(Bulk) } },
      },
      async (req) => {
        const q = req.query;
        let b = where(listBase().where(bulkScope(req)));
        if (q.status) b = b.where('bulks.status', '=', q.status);
        if (q.company_uuid) b = b.where('bulks.company_uuid', '=', q.company_uuid);
        const { col, dir } = ordering(q, ['created_on', 'status', 'send_at'] as const, 'created_on', 'desc');
        const page = await listPage(
          q,
          b.selectAll('bulks').select('companies.company_name').orderBy(`bulks.${col}`, dir).orderBy('bulks.bulk_uuid'),
          b,
        );
        return { ...page, items: await present(page.items) };
      },
    );
  const listBase = () =>
    app.db.selectFrom('bulks').leftJoin('companies', 'companies.company_uuid', 'bulks.company_uuid');
  list('/bulk/list', (q) => q.where('bulks.kind', '=', 'bulk').where('bulks.ani_group_uuid', 'is', null));
  list('/bulk_random/list', (q) => q.where('bulks.ani_group_uuid', 'is not', null));
  list('/bulk_sms/list', (q) => q.where('bulks.kind', '=', 'delayed'));

  app.get(
    '/bulk/:id/report',
    {
      config: { access: BULK_ACCESS },
      schema: { tags, params: IdParam, querystring: BulkReportQuery, response: { 200: BulkReport } },
    },
    async (req) => {
      const bulk = (await present([await find(req, req.params.id)]))[0];
      const { per_page, offset } = paging(req.query, 50);
      const rs = req.query.route_status;
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
        from bulk_recipients r left join sms s on s.bulk_uuid = r.bulk_uuid and s.bulk_seq = r.seq
        where r.bulk_uuid = ${bulk.bulk_uuid} and ${filter} order by r.seq limit ${per_page} offset ${offset}`.execute(
          app.db,
        ),
        // unfiltered, the count is the bulk's size: no join over all its numbers on every poll of the screen
        rs
          ? sql<{
              n: number;
            }>`select count(*)::int as n from bulk_recipients r left join sms s on s.bulk_uuid = r.bulk_uuid and s.bulk_seq = r.seq
        where r.bulk_uuid = ${bulk.bulk_uuid} and ${filter}`.execute(app.db)
          : { rows: [{ n: bulk.progress.total }] },
      ]);
      return {
        bulk,
        items: rows.rows.map((r) => ({ ...r, sent_on: iso(r.sent_on) })),
        total: total.rows[0].n,
        per_page,
      };
    },
  );

  const action = (path: string, act: 'run' | 'hold', kind?: 'delayed') =>
    app.post(
      path,
      { config: { access: BULK_ACCESS }, schema: { tags, params: IdParam, response: { 200: BulkActionResult } } },
      async (req) => {
        const b = await find(req, req.params.id, kind);
        const status = await service[act](b.bulk_uuid);
        return {
          message: act === 'run' ? 'The bulk is running' : 'The bulk is on hold; run it to go on where it stopped',
          status,
        };
      },
    );
  action('/bulk/:id/run', 'run');
  action('/bulk/:id/hold', 'hold');
  action('/bulk_sms/:id/run', 'run', 'delayed');
  action('/bulk_sms/:id/hold', 'hold', 'delayed');
}
