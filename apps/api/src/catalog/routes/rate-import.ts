import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  IdParam,
  RateImport,
  RateImportPreview,
  RateImportQuery,
  RateImportResult,
  type RateLine,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { FieldError, notFound } from '../../lib/http-error';
import type { CsvRecord } from '../../lib/csv';
import { csvRecords, slices, utf8Chunks } from '../../lib/csv-stream';
import { streamUpload } from '../../lib/uploads';
import { isPrice } from '../engine';
import { bumpCatalogVersion } from '../cache';
import { catalogAccess, resolveRateLines, type ResolvedRate } from '../scope';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ofReseller, rowsOf } from '../../lib/tenancy';
import { insertRates } from './rate-query';
import { applyImport, previewImport, type RateOwner } from './rate-import-diff';
import { networkCodes, typedRateTable } from '../rate-file-store';
import { visibleVendorProductId } from '../rate-store';

const CSV_MAX_BYTES = 32 * 1024 * 1024;
const MAX_ROWS = 200_000;
/** Per-line errors answered at most (a wholly wrong file would otherwise answer megabytes). */
const MAX_ERRORS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A rate CSV: a header naming `price` and `code` and/or `mobile_network_uuid` (or `mcc` + `mnc`), and
 * optionally `effective_from` (a date, or a date and time; UTC when no zone is given). Every line is
 * checked; any problem rejects the whole file with the lines named (`{ errors: { "line 7": "..." } }`).
 * Records are taken as they are parsed: a file over the row cap is refused at its first line too many,
 * without reading (or, for an upload, receiving) the rest.
 */
export async function parseRateRecords(
  records: AsyncIterable<CsvRecord>,
  networkByMccMnc: (mcc: string, mnc: string) => string | undefined,
): Promise<RateLine[]> {
  let cols: string[] | null = null;
  let at: number[] = [];
  const errors: Record<string, string> = {};
  let count = 0;
  let rows = 0;
  const fail = (line: number, message: string) => {
    if (count++ < MAX_ERRORS) errors[`line ${line}`] = message;
  };
  const lines: RateLine[] = [];
  for await (const { line, fields } of records) {
    if (!cols) {
      cols = fields.map((h) => h.trim().toLowerCase());
      const names = cols;
      at = ['code', 'mobile_network_uuid', 'mcc', 'mnc', 'price', 'effective_from'].map((n) => names.indexOf(n));
      const [code, uuid, mcc, mnc, price] = at;
      if (price < 0 || (code < 0 && uuid < 0 && (mcc < 0 || mnc < 0)))
        throw new FieldError({ 'line 1': 'The header needs price and code, mobile_network_uuid, or mcc and mnc' });
      continue;
    }
    if (++rows > MAX_ROWS)
      throw new FieldError({ [`line ${line}`]: `At most ${MAX_ROWS.toLocaleString('en')} rates per file` });
    const [code, uuid, mcc, mnc, price, from] = at;
    if (fields.length !== cols.length) {
      fail(line, `${fields.length} fields, the header has ${cols.length}`);
      continue;
    }
    const get = (i: number) => (i >= 0 ? fields[i].trim() : '');
    const c = get(code);
    let network: string | null = get(uuid) || null;
    if (network && !UUID.test(network)) {
      fail(line, `mobile_network_uuid "${network}" is not an id`);
      continue;
    }
    if (!network && get(mcc)) {
      network = networkByMccMnc(get(mcc), get(mnc)) ?? null;
      if (!network) {
        fail(line, `no mobile network ${get(mcc)}-${get(mnc)}`);
        continue;
      }
    }
    if (!c === !network) {
      fail(line, 'give either a code or a mobile network');
      continue;
    }
    if (c && !/^[0-9]{1,15}$/.test(c)) {
      fail(line, `code "${c}" is not 1 to 15 digits`);
      continue;
    }
    const p = get(price);
    if (!isPrice(p)) {
      fail(line, `price "${p}" is not a non-negative decimal with up to 6 places`);
      continue;
    }
    const f = get(from);
    if (f && (!DATE.test(f) || Number.isNaN(Date.parse(f.length === 10 ? `${f}T00:00:00Z` : f)))) {
      fail(line, `effective_from "${f}" is not a date (YYYY-MM-DD or ISO 8601)`);
      continue;
    }
    lines.push({
      code: c || null,
      mobile_network_uuid: network,
      price: p,
      effective_from: f
        ? new Date(f.length === 10 ? `${f}T00:00:00Z` : /[zZ]|[+-]\d{2}:\d{2}$/.test(f) ? f : `${f}Z`).toISOString()
        : undefined,
    });
  }
  if (!cols) throw new FieldError({ 'line 1': 'The header needs price and code, mobile_network_uuid, or mcc and mnc' });
  if (!rows) throw new FieldError({ 'line 2': 'The file has no rates under its header' });
  if (count) {
    if (count > MAX_ERRORS) errors['more'] = `${count - MAX_ERRORS} more lines have problems`;
    throw new FieldError(errors);
  }
  return lines;
}

/** The same for a CSV already in memory (JSON `{ csv }`), parsed in slices so the cap stops it early too. */
export const parseRateCsv = (csv: string, networkByMccMnc: (mcc: string, mnc: string) => string | undefined) =>
  parseRateRecords(csvRecords(slices(csv)), networkByMccMnc);

/** The rate lines of the request's CSV, from JSON `{ csv }` or streamed from the upload as it arrives. */
function linesOf(req: FastifyRequest, byMccMnc: (mcc: string, mnc: string) => string | undefined) {
  if (!req.isMultipart()) {
    // a POST without a body passes the schema (the body is optional for multipart): say what to send
    const csv = (req.body as { csv?: unknown } | undefined)?.csv;
    if (typeof csv !== 'string') throw new FieldError({ csv: 'Send the rates as a CSV file' });
    return parseRateCsv(csv, byMccMnc);
  }
  return streamUpload(req, 'file', CSV_MAX_BYTES, (bytes) => parseRateRecords(csvRecords(utf8Chunks(bytes)), byMccMnc));
}

/**
 * The request's rates (JSON `{ csv }`, or a multipart upload in `file` where the route's context takes
 * multipart), checked against the catalog; a line without its own date takes `at` when given. The
 * rate-change domain reads its deck imports through this too.
 */
export async function readRateLines(
  db: Kysely<Database>,
  req: FastifyRequest,
  tableType: 'prefix' | 'mobile_network' | null,
  at?: Date,
): Promise<ResolvedRate[]> {
  const networks = new Map((await networkCodes(db)).map((n) => [`${n.mcc}-${n.mnc}`, n.mobile_network_uuid]));
  const lines = await linesOf(req, (mcc, mnc) => networks.get(`${mcc}-${mnc}`));
  const dated = at ? lines.map((l) => (l.effective_from ? l : { ...l, effective_from: at.toISOString() })) : lines;
  // line i of the rates is line i + 2 of the file (after the header)
  return resolveRateLines(db, dated, tableType, (i, f) => `line ${i + 2} (${f})`);
}

/**
 * POST /rate_table/{id}/import and /vendor_product/{id}/import (additions to the spec): a rate CSV as
 * JSON `{ csv }` or a multipart upload in the field `file`. All or nothing, in one transaction.
 */
export default async function rateImportRoutes(base: FastifyInstance) {
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();

  const resolvedLines = (req: FastifyRequest, tableType: 'prefix' | 'mobile_network' | null, at?: Date) =>
    readRateLines(app.db, req, tableType, at);

  /** The import's effective date: the day asked (UTC midnight), else now. */
  const effectiveAt = (q: RateImportQuery) =>
    q.effective_from ? new Date(`${q.effective_from}T00:00:00Z`) : new Date();

  async function importInto(
    req: FastifyRequest<{ Querystring: RateImportQuery }>,
    owner: RateOwner,
    tableType: 'prefix' | 'mobile_network' | null,
  ) {
    const q = req.query;
    // Without a mode the file's rates are added as new versions (the original behaviour of the call).
    if (!q.mode) {
      const resolved = await resolvedLines(req, tableType, q.effective_from ? effectiveAt(q) : undefined);
      await app.db.transaction().execute(async (trx) => {
        await insertRates(trx, owner, resolved);
        await bumpCatalogVersion(trx);
      });
      app.catalog.invalidate();
      return { imported: resolved.length };
    }
    const at = effectiveAt(q);
    const resolved = await resolvedLines(req, tableType, at);
    const diff = await app.db.transaction().execute(async (trx) => {
      const d = await applyImport(trx, owner, resolved, q.mode ?? 'update', at);
      await bumpCatalogVersion(trx);
      return d;
    });
    app.catalog.invalidate();
    const { samples: _samples, ...counts } = diff;
    return { imported: diff.added + diff.changed, ...counts };
  }

  async function previewInto(
    req: FastifyRequest<{ Querystring: RateImportQuery }>,
    owner: RateOwner,
    tableType: 'prefix' | 'mobile_network' | null,
  ) {
    const at = effectiveAt(req.query);
    const resolved = await resolvedLines(req, tableType, at);
    return previewImport(app.db, owner, resolved, req.query.mode ?? 'update', at);
  }

  const schema = (tag: string) => ({
    tags: [tag],
    params: IdParam,
    querystring: RateImportQuery,
    response: { 201: RateImportResult, 200: RateImportPreview },
    description:
      'JSON `{ csv }` or multipart/form-data with the CSV in the field "file". Columns: price, code or mobile_network_uuid (or mcc and mnc), effective_from. Imports every line or none. mode=update adds new and changes changed rates from effective_from; mode=replace also removes the rates the file no longer holds; without mode the lines are added. /preview answers the counts and first rows of that change without writing.',
    body: { content: { 'application/json': { schema: RateImport }, 'multipart/form-data': { schema: {} } } },
  });

  const tableOf = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const t = await typedRateTable(app.db, req.params.id, rowsOf(req, ofReseller('reseller_uuid')));
    if (!t) throw notFound('Rate table');
    return t;
  };
  const productOf = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const vp = await visibleVendorProductId(app.db, req.params.id, rowsOf(req, ofReseller('v.reseller_uuid')));
    if (!vp) throw notFound('Vendor product');
    return vp;
  };
  // up to 32 MiB of rates: counts against the tenant's large-request limit (lib/heavy-requests.ts)
  const opts = (tag: string) => ({
    config: { access: catalogAccess, heavy: true },
    bodyLimit: CSV_MAX_BYTES,
    schema: schema(tag),
  });

  app.post('/rate_table/:id/import', opts('rates'), async (req, reply) => {
    const t = await tableOf(req);
    return reply.code(201).send(await importInto(req, { rate_table_uuid: t.rate_table_uuid }, t.rate_table_type));
  });
  app.post('/rate_table/:id/import/preview', opts('rates'), async (req) => {
    const t = await tableOf(req);
    return previewInto(req, { rate_table_uuid: t.rate_table_uuid }, t.rate_table_type);
  });
  app.post('/vendor_product/:id/import', opts('vendors'), async (req, reply) => {
    const vp = await productOf(req);
    return reply.code(201).send(await importInto(req, { vendor_product_uuid: vp.vendor_product_uuid }, null));
  });
  app.post('/vendor_product/:id/import/preview', opts('vendors'), async (req) => {
    const vp = await productOf(req);
    return previewInto(req, { vendor_product_uuid: vp.vendor_product_uuid }, null);
  });
}
