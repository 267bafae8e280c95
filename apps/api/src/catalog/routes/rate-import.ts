import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IdParam, RateImport, RateImportResult, type RateLine } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { FieldError, HttpError, notFound } from '../../lib/http-error';
import { parseCsv } from '../../lib/csv';
import { readUpload, uploadText } from '../../lib/uploads';
import { isPrice } from '../engine';
import { bumpCatalogVersion } from '../cache';
import { catalogAccess, owned, resolveRateLines } from '../scope';
import { insertRates } from './rate-query';

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
 */
export function parseRateCsv(csv: string, networkByMccMnc: (mcc: string, mnc: string) => string | undefined): RateLine[] {
  const [header, ...records] = parseCsv(csv);
  const cols = (header?.fields ?? []).map((h) => h.trim().toLowerCase());
  const at = (name: string) => cols.indexOf(name);
  const [code, uuid, mcc, mnc, price, from] = ['code', 'mobile_network_uuid', 'mcc', 'mnc', 'price', 'effective_from'].map(at);
  if (price < 0 || (code < 0 && uuid < 0 && (mcc < 0 || mnc < 0))) {
    throw new FieldError({ 'line 1': 'The header needs price and code, mobile_network_uuid, or mcc and mnc' });
  }
  if (!records.length) throw new FieldError({ 'line 2': 'The file has no rates under its header' });
  if (records.length > MAX_ROWS) throw new FieldError({ [`line ${MAX_ROWS + 2}`]: `At most ${MAX_ROWS.toLocaleString('en')} rates per file` });
  const errors: Record<string, string> = {};
  let count = 0;
  const fail = (line: number, message: string) => {
    if (count++ < MAX_ERRORS) errors[`line ${line}`] = message;
  };
  const lines: RateLine[] = [];
  for (const { line, fields } of records) {
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
      code: c || null, mobile_network_uuid: network, price: p,
      effective_from: f ? new Date(f.length === 10 ? `${f}T00:00:00Z` : /[zZ]|[+-]\d{2}:\d{2}$/.test(f) ? f : `${f}Z`).toISOString() : undefined,
    });
  }
  if (count) {
    if (count > MAX_ERRORS) errors['more'] = `${count - MAX_ERRORS} more lines have problems`;
    throw new FieldError(errors);
  }
  return lines;
}

/**
 * POST /rate_table/{id}/import and /vendor_product/{id}/import (additions to the spec): a rate CSV as
 * JSON `{ csv }` or a multipart upload in the field `file`. All or nothing, in one transaction.
 */
export default async function rateImportRoutes(base: FastifyInstance) {
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();

  async function csvOf(req: FastifyRequest): Promise<string> {
    if (!req.isMultipart()) return (req.body as { csv: string }).csv;
    const text = uploadText((await readUpload(req, 'file', CSV_MAX_BYTES)).data);
    if (text === null) throw new HttpError(400, 'The file is not UTF-8 text; save the CSV as UTF-8');
    return text;
  }

  async function importInto(req: FastifyRequest, owner: { rate_table_uuid?: string; vendor_product_uuid?: string }, tableType: 'prefix' | 'mobile_network' | null) {
    const csv = await csvOf(req);
    const networks = new Map((await app.db.selectFrom('mobile_networks').select(['mobile_network_uuid', 'mcc', 'mnc']).execute()).map((n) => [`${n.mcc}-${n.mnc}`, n.mobile_network_uuid]));
    const lines = parseRateCsv(csv, (mcc, mnc) => networks.get(`${mcc}-${mnc}`));
    // line i of the rates is line i + 2 of the file (after the header)
    const resolved = await resolveRateLines(app.db, lines, tableType, (i, f) => `line ${i + 2} (${f})`);
    await app.db.transaction().execute(async (trx) => {
      await insertRates(trx, owner, resolved);
      await bumpCatalogVersion(trx);
    });
    app.catalog.invalidate();
    return { imported: resolved.length };
  }

  const schema = (tag: string) => ({
    tags: [tag], params: IdParam, response: { 201: RateImportResult },
    description: 'JSON `{ csv }` or multipart/form-data with the CSV in the field "file". Columns: price, code or mobile_network_uuid (or mcc and mnc), effective_from. Imports every line or none.',
    body: { content: { 'application/json': { schema: RateImport }, 'multipart/form-data': { schema: {} } } },
  });

  app.post('/rate_table/:id/import', { config: { access: catalogAccess }, bodyLimit: CSV_MAX_BYTES, schema: schema('rates') }, async (req, reply) => {
    const t = await app.db.selectFrom('rate_tables').select(['rate_table_uuid', 'rate_table_type']).where('rate_table_uuid', '=', req.params.id).where(owned(req, 'reseller_uuid')).executeTakeFirst();
    if (!t) throw notFound('Rate table');
    return reply.code(201).send(await importInto(req, { rate_table_uuid: t.rate_table_uuid }, t.rate_table_type));
  });

  app.post('/vendor_product/:id/import', { config: { access: catalogAccess }, bodyLimit: CSV_MAX_BYTES, schema: schema('vendors') }, async (req, reply) => {
    const vp = await app.db.selectFrom('vendor_products as vp').innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid').select('vp.vendor_product_uuid')
      .where('vp.vendor_product_uuid', '=', req.params.id).where(owned(req, 'v.reseller_uuid')).executeTakeFirst();
    if (!vp) throw notFound('Vendor product');
    return reply.code(201).send(await importInto(req, { vendor_product_uuid: vp.vendor_product_uuid }, null));
  });
}
