import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
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
import { HttpError } from '../lib/http-error';
import { ordering, paging, listPage } from '../lib/list';
import { fromCsv, fromNumbers } from './recipients';
import { formatMoney } from '../billing';
import { countSegments } from '../messaging';
import type { BulkService } from './service';
import { BODY_LIMIT, readForm, sendAt, typedValues } from './form';
import { BULK_OWNERS, bulkListBase, bulkReportPage, findBulk, presentBulks } from './queries';
import { rowsOf, targetCompany } from '../lib/tenancy';
import { isUniqueViolation, priorBulk, requestHash } from './idempotency';

const tags = ['bulk'];
export const BULK_ACCESS = {
  admin: 'all',
  reseller: 'tenant',
  company_admin: 'tenant',
  user: 'tenant',
} satisfies AccessPolicy;

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

export default async function bulkRoutes(base: FastifyInstance, opts: { service: BulkService }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const service = opts.service;

  /**
   * Accepts a bulk from JSON or a multipart form; `delayed` waits for run (or its send_at). With an
   * Idempotency-Key, a request made again answers the bulk the first one created (idempotency.ts).
   */
  const accept = async (req: FastifyRequest, reply: FastifyReply, mode: 'bulk' | 'delayed' | 'upload') => {
    // a test key's sends are never charged (messaging/sandbox.ts), and bulk jobs have no sandbox: refused, not charged
    if (req.user.sandbox)
      throw new HttpError(
        403,
        'A test (sandbox) API key sends single messages (POST /sms) only; bulk sends need a live key (docs/sandbox.md)',
      );
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
      ? await fromCsv(f.csv, text, f.values)
      : f.numbers && mode === 'bulk'
        ? await fromNumbers(f.numbers, text, f.values)
        : null;
    if (!parsed)
      throw new HttpError(
        400,
        mode !== 'bulk'
          ? 'Upload the CSV of numbers in the field "file"'
          : 'Give the numbers (numbers) or a CSV (csv or the field "file")',
      );
    const input = {
      company_uuid,
      user_uuid: req.user.uuid,
      ani: f.ani,
      text,
      recipients: parsed.recipients,
      send_at: sendAt(f.send_at),
      kind: delayed ? ('delayed' as const) : ('bulk' as const),
      file_name: f.file_name ?? null,
      start_held: delayed,
    };
    const key = (req.headers as { 'idempotency-key'?: string })['idempotency-key'];
    const request = key
      ? { key, hash: requestHash({ mode, ...input, send_at: input.send_at?.toISOString() }) }
      : undefined;
    const replay = async () => {
      const prior = request && (await priorBulk(app.db, req.user.uuid, request));
      if (!prior) return null;
      reply.header('idempotent-replayed', 'true');
      return { bulk_uuid: prior.bulk_uuid, total: prior.total, status: prior.status, duplicates: parsed.duplicates };
    };
    const before = await replay();
    if (before) return before;
    try {
      const created = await service.create({ ...input, request });
      return { ...created, duplicates: parsed.duplicates };
    } catch (e) {
      // the same key raced in and committed first: its bulk is the answer
      const raced = isUniqueViolation(e) ? await replay() : null;
      if (raced) return raced;
      throw e;
    }
  };
  const multipartOrJson = (schema: unknown) => ({
    content: { 'application/json': { schema }, 'multipart/form-data': { schema: {} } },
  });

  app.post(
    '/bulk',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS, apiKey: true, heavy: true },
      schema: {
        tags,
        description:
          'JSON `{ ani, text, numbers | csv, send_at?, company_uuid? }`, or multipart with the CSV in "file". Answers at once; the messages go out in the background.',
        headers: IdempotencyHeaders,
        body: multipartOrJson(BulkCreateBody),
        response: { 201: BulkCreated },
      },
    },
    async (req, reply) => reply.code(201).send(await accept(req, reply, 'bulk')),
  );

  app.post(
    '/bulk/estimate',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS, apiKey: true, heavy: true, readsOnly: true },
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
      const parsed = b.csv
        ? await fromCsv(b.csv, text, b.values)
        : b.numbers
          ? await fromNumbers(b.numbers, text, b.values)
          : null;
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
      config: { access: BULK_ACCESS, heavy: true },
      schema: {
        tags,
        description:
          'The delayed bulk (docs/spec.md §7 file upload): multipart with ani, text, send_at? and the CSV in "file" (or JSON with csv). It waits on hold until run, or until send_at.',
        headers: IdempotencyHeaders,
        body: multipartOrJson(BulkDelayedBody),
        response: { 201: BulkCreated },
      },
    },
    async (req, reply) => reply.code(201).send(await accept(req, reply, 'delayed')),
  );

  app.post(
    '/bulk_sms',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: BULK_ACCESS, apiKey: true, heavy: true },
      schema: {
        tags,
        description:
          'A workflow sent as a file upload: multipart with ani, text, values? (JSON of placeholder values), send_at? and the CSV in "file" (a number column plus a column per {placeholder}), or JSON with csv. It sends at once (or at send_at).',
        headers: IdempotencyHeaders,
        body: multipartOrJson(BulkUploadBody),
        response: { 201: BulkCreated },
      },
    },
    async (req, reply) => reply.code(201).send(await accept(req, reply, 'upload')),
  );

  const list = (path: string, where: (q: ReturnType<typeof bulkListBase>) => ReturnType<typeof bulkListBase>) =>
    app.get(
      path,
      {
        config: { access: BULK_ACCESS, apiKey: ['send', 'read'] },
        schema: { tags, querystring: BulkListQuery, response: { 200: ListPage(Bulk) } },
      },
      async (req) => {
        const q = req.query;
        let b = where(bulkListBase(app.db).where(rowsOf(req, BULK_OWNERS)));
        if (q.status) b = b.where('bulks.status', '=', q.status);
        if (q.company_uuid) b = b.where('bulks.company_uuid', '=', q.company_uuid);
        const { col, dir } = ordering(q, ['created_on', 'status', 'send_at'] as const, 'created_on', 'desc');
        const page = await listPage(
          q,
          b.selectAll('bulks').select('companies.company_name').orderBy(`bulks.${col}`, dir).orderBy('bulks.bulk_uuid'),
          b,
        );
        return { ...page, items: await presentBulks(app.db, page.items) };
      },
    );
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
      const bulk = (await presentBulks(app.db, [await findBulk(app.db, req, req.params.id)]))[0];
      const { per_page, offset } = paging(req.query, 50);
      const page = await bulkReportPage(app.db, bulk.bulk_uuid, bulk.progress.total, {
        per_page,
        offset,
        route_status: req.query.route_status,
      });
      return { bulk, ...page, per_page };
    },
  );

  const action = (path: string, act: 'run' | 'hold', kind?: 'delayed') =>
    app.post(
      path,
      { config: { access: BULK_ACCESS }, schema: { tags, params: IdParam, response: { 200: BulkActionResult } } },
      async (req) => {
        const b = await findBulk(app.db, req, req.params.id, kind);
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
