import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DID_ANI_TYPES,
  DID_TYPES,
  DidImportBody,
  DidImportLogEntry,
  DidImportLogQuery,
  DidImportResult,
  DidKannelImportBody,
  ListPage,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { HttpError } from '../lib/http-error';
import { acceptRows, readCsvTable } from '../lib/csv-upload';
import { assertCanName, callerScope, ofReseller, rowsOf, targetReseller } from '../lib/tenancy';
import { DID_ACCESS, visibleVendor } from './inventory-routes';
import { countryUuid } from './queries';
import { parseNanp } from './phone';
import { nanp } from './nanp';
import { firstTakenDid, insertImportedDids, listImportLog, logImport } from './import-store';

export interface DidImportRow {
  line: number;
  did: string;
  npa: string;
  isTollFree: boolean;
  country: string | null;
  state: string | null;
  type?: (typeof DID_TYPES)[number];
  did_type?: (typeof DID_ANI_TYPES)[number];
  description?: string;
  monthly_price?: string;
}
const OPTIONAL_COLUMNS = ['type', 'did_type', 'description', 'monthly_price'];

/**
 * Reads a DID CSV (header `did` required; `type`, `did_type`, `description`, `monthly_price` optional).
 * Every bad line is collected, so one answer names them all (up to 20) and nothing is written.
 */
export function parseDidCsv(csv: string): DidImportRow[] {
  const { records, problems } = readCsvTable(csv, ['did'], OPTIONAL_COLUMNS);
  const seen = new Map<string, number>();
  const rows: DidImportRow[] = [];
  for (const r of records) {
    const { line } = r;
    const col = (name: string) => r.get(name) || undefined;
    const raw = r.get('did');
    const n = parseNanp(raw);
    if (!n) {
      problems.push(`Line ${line}: "${raw}" is not a valid North American phone number`);
      continue;
    }
    const info = nanp().npas.get(n.npa);
    if (!n.isTollFree && !info) {
      problems.push(`Line ${line}: area code ${n.npa} is not a US or Canadian area code`);
      continue;
    }
    const first = seen.get(n.e164);
    if (first) {
      problems.push(`Line ${line}: ${n.e164} repeats line ${first}`);
      continue;
    }
    seen.set(n.e164, line);
    const type = col('type');
    const didType = col('did_type');
    const price = col('monthly_price');
    const description = col('description');
    if (type && !(DID_TYPES as readonly string[]).includes(type)) {
      problems.push(`Line ${line}: type must be one of ${DID_TYPES.join(', ')}`);
      continue;
    }
    if (didType && !(DID_ANI_TYPES as readonly string[]).includes(didType)) {
      problems.push(`Line ${line}: did_type must be ani or dnis`);
      continue;
    }
    if (price && !/^[0-9]{1,6}(\.[0-9]{1,4})?$/.test(price)) {
      problems.push(`Line ${line}: monthly_price must be a decimal like 1.50`);
      continue;
    }
    if (description && description.length > 200) {
      problems.push(`Line ${line}: description is longer than 200 characters`);
      continue;
    }
    rows.push({
      line,
      did: n.e164,
      npa: n.npa,
      isTollFree: n.isTollFree,
      country: n.country,
      state: info?.state ?? null,
      type: type as DidImportRow['type'],
      did_type: didType as DidImportRow['did_type'],
      description,
      monthly_price: price,
    });
  }
  return acceptRows(rows, problems);
}

const CHUNK = 2000;

interface ImportTarget {
  csv: string;
  reseller_uuid?: string | null;
  vendor_uuid?: string | null;
  smsc_id?: string | null;
  file_name?: string;
}

/**
 * One import, all-or-nothing in one transaction (a number already held by anyone rejects the file);
 * every run is written to the import log, a refused one with its reason, so the log shows failures too.
 */
async function importFile(
  app: FastifyInstance,
  req: FastifyRequest,
  body: ImportTarget,
  source: 'csv' | 'kannel',
): Promise<DidImportResult> {
  let link = body.smsc_id ?? null;
  const lineCount = Math.max(0, body.csv.split(/\r?\n/).filter((l) => l.trim()).length - 1);
  const reseller = req.user.user_type === 'reseller' ? req.user.reseller_uuid : (body.reseller_uuid ?? null);
  const log = (ok: boolean, imported: number, message: string) =>
    logImport(app.db, {
      source,
      smsc_id: link,
      file_name: body.file_name?.trim() || null,
      ok,
      lines: lineCount,
      imported,
      message,
      user_uuid: req.user.uuid,
      reseller_uuid: reseller,
    });
  // before the log: a refused run is logged under the reseller it names, which must exist (its foreign key
  // would otherwise answer in place of the 404)
  if (req.user.user_type !== 'reseller') await assertCanName(app.db, req, 'reseller', body.reseller_uuid ?? null);
  try {
    // the log names the link as the catalog spells it
    if (link) link = await requireLink(app, req, link);
    const result = await writeRows(app, req, { ...body, smsc_id: link });
    await log(true, result.imported, `Imported ${result.imported} number(s)${link ? ` carried by ${link}` : ''}`);
    return result;
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) await log(false, 0, e.message);
    throw e;
  }
}

async function writeRows(app: FastifyInstance, req: FastifyRequest, body: ImportTarget): Promise<DidImportResult> {
  const rows = parseDidCsv(body.csv);
  const reseller_uuid = await targetReseller(app.db, req, body.reseller_uuid, {
    other: 'A reseller imports into its own stock',
  });
  const vendor_uuid = body.vendor_uuid ? await visibleVendor(app, req, body.vendor_uuid) : null;
  const countries = new Map<string, string | null>();
  for (const c of new Set(rows.map((r) => r.country))) if (c) countries.set(c, await countryUuid(app.db, c));
  await app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const clash = await firstTakenDid(
        trx,
        chunk.map((r) => r.did),
      );
      if (clash) {
        throw new HttpError(
          409,
          `Line ${chunk.find((r) => r.did === clash)?.line}: ${clash} is already in the inventory; nothing was imported`,
        );
      }
      await insertImportedDids(
        trx,
        chunk.map((r) => ({
          did: r.did,
          is_toll_free: r.isTollFree,
          area_code: r.npa,
          state: r.state,
          country_uuid: r.country ? (countries.get(r.country) ?? null) : null,
          type: r.type,
          did_type: r.did_type,
          description: r.description,
          monthly_price: r.monthly_price,
          reseller_uuid,
          vendor_uuid,
          smsc_id: body.smsc_id ?? null,
          source: 'import' as const,
        })),
      );
    }
  });
  return { imported: rows.length, lines: rows.map((r) => ({ line: r.line, did: r.did })) };
}

/** The SMSC link must exist (any for the admin; a reseller's must be on one of its vendors). */
async function requireLink(app: FastifyInstance, req: FastifyRequest, smscId: string): Promise<string> {
  const link = await app.catalogRepository.visibleLink(app.db, callerScope(req), smscId);
  if (!link) throw new HttpError(400, `No SMSC connection named "${smscId}"`);
  return link;
}

/** POST /did/import and /did/kannel/import, GET /did/kannel/import/log (both kinds of run, newest first). */
export default async function didImportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const tags = ['numbers'];
  app.post(
    '/did/import',
    // a CSV of many lines: counts against the tenant's large-request limit (lib/heavy-requests.ts)
    {
      config: { access: DID_ACCESS.stock, heavy: true },
      schema: { tags, body: DidImportBody, response: { 201: DidImportResult } },
    },
    async (req, reply) => reply.code(201).send(await importFile(app, req, req.body, 'csv')),
  );

  app.post(
    '/did/kannel/import',
    {
      config: { access: DID_ACCESS.stock, heavy: true },
      schema: { tags, body: DidKannelImportBody, response: { 201: DidImportResult } },
    },
    async (req, reply) => reply.code(201).send(await importFile(app, req, req.body, 'kannel')),
  );

  app.get(
    '/did/kannel/import/log',
    {
      config: { access: DID_ACCESS.stock },
      schema: { tags, querystring: DidImportLogQuery, response: { 200: ListPage(DidImportLogEntry) } },
    },
    async (req) => listImportLog(app.db, rowsOf(req, ofReseller('l.reseller_uuid')), req.query),
  );
}
