import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ResellerImport, ResellerImportResult, type ResellerImport as ResellerImportBody } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { parseCsv } from '../lib/csv';
import { readUpload, uploadText } from '../lib/uploads';
import { insertResellersNamed, resellerNamedAmong } from './reseller-store';

/** Same ceiling as the JSON `{ csv }` body (1 MB of text). */
const CSV_MAX_BYTES = 1_000_000;
const CHUNK = 5000;

export interface ImportRow {
  line: number;
  name: string;
}

/** Parses a CSV with a `reseller_name` header (other columns are ignored); any bad line rejects the whole file. */
export function parseResellerCsv(csv: string): ImportRow[] {
  const [header, ...records] = parseCsv(csv);
  const col = header ? header.fields.map((h) => h.trim().toLowerCase()).indexOf('reseller_name') : -1;
  if (!header || col < 0) throw new HttpError(400, 'Line 1: the CSV needs a reseller_name header');
  const seen = new Map<string, number>();
  const rows = records.map(({ line, fields }) => {
    if (fields.length !== header.fields.length) {
      throw new HttpError(400, `Line ${line}: ${fields.length} fields, the header has ${header.fields.length}`);
    }
    const name = fields[col].trim();
    if (!name || name.length > 200)
      throw new HttpError(400, `Line ${line}: reseller_name is empty or longer than 200 characters`);
    const first = seen.get(name.toLowerCase());
    if (first) throw new HttpError(400, `Line ${line}: "${name}" repeats line ${first}`);
    seen.set(name.toLowerCase(), line);
    return { line, name };
  });
  if (!rows.length) throw new HttpError(400, 'The CSV has no rows under its header');
  return rows;
}

/**
 * POST /reseller/import takes the CSV as JSON `{ csv }` or as a multipart upload in the field `file`.
 * All-or-nothing: one transaction, so a bad line or a name that already exists imports nothing.
 */
export default async function resellerImportRoutes(base: FastifyInstance) {
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.post(
    '/reseller/import',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['resellers'],
        description:
          'JSON `{ csv }` or multipart/form-data with the CSV in the field "file". Imports every row or none.',
        body: { content: { 'application/json': { schema: ResellerImport }, 'multipart/form-data': { schema: {} } } },
        response: { 201: ResellerImportResult },
      },
    },
    async (req, reply) => {
      let csv: string;
      if (req.isMultipart()) {
        const text = uploadText((await readUpload(req, 'file', CSV_MAX_BYTES)).data);
        if (text === null) throw new HttpError(400, 'The file is not UTF-8 text; save the CSV as UTF-8');
        csv = text;
      } else {
        csv = (req.body as ResellerImportBody).csv;
      }
      const rows = parseResellerCsv(csv);
      await app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK);
          const names = chunk.map((r) => r.name);
          const clash = await resellerNamedAmong(trx, names);
          if (clash) {
            const line = chunk.find((r) => r.name.toLowerCase() === clash.reseller_name.toLowerCase())?.line;
            throw new HttpError(
              409,
              `Line ${line}: reseller "${clash.reseller_name}" already exists; nothing was imported`,
            );
          }
          await insertResellersNamed(trx, names);
        }
      });
      return reply.code(201).send({ imported: rows.length });
    },
  );
}
