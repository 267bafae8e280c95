import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  RECIPIENT_CSV_COLUMNS,
  RECIPIENT_NAME_MAX,
  RecipientImportBody,
  RecipientImportResult,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { HttpError } from '../lib/http-error';
import { acceptRows, readCsvTable, readCsvUpload } from '../lib/csv-upload';
import { RECIPIENT_ACCESS } from './recipient-routes';
import { firstTakenRecipient, insertRecipients, parseRecipientNumber } from './queries';
import { targetCompany } from '../lib/tenancy';

export interface RecipientRow {
  line: number;
  recipient_name: string;
  number: string;
}
const CHUNK = 2000;

/**
 * Reads a recipients CSV (headers recipient_name and number, in any order). Every bad line is
 * collected so one 400 names them all (up to 20) and nothing is written.
 */
export function parseRecipientCsv(csv: string): RecipientRow[] {
  const { records, problems } = readCsvTable(csv, RECIPIENT_CSV_COLUMNS);
  const seen = new Map<string, number>();
  const rows: RecipientRow[] = [];
  for (const r of records) {
    const { line } = r;
    const name = r.get('recipient_name');
    const raw = r.get('number');
    if (!name || name.length > RECIPIENT_NAME_MAX) {
      problems.push(`Line ${line}: recipient_name is empty or longer than ${RECIPIENT_NAME_MAX} characters`);
      continue;
    }
    const number = parseRecipientNumber(raw);
    if (!number) {
      problems.push(`Line ${line}: "${raw}" is not a valid phone number`);
      continue;
    }
    const first = seen.get(number);
    if (first) {
      problems.push(`Line ${line}: ${number} repeats line ${first}`);
      continue;
    }
    seen.set(number, line);
    rows.push({ line, recipient_name: name, number });
  }
  return acceptRows(rows, problems);
}

/**
 * POST /recipient/import: JSON `{ csv, company_uuid? }` or a multipart upload in the field `file`.
 * All or nothing: a bad line, or a number the company already has, imports nothing.
 */
export default async function recipientImportRoutes(base: FastifyInstance) {
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/recipient/import',
    {
      // a CSV of many lines: counts against the tenant's large-request limit (lib/heavy-requests.ts)
      config: { access: RECIPIENT_ACCESS.write, heavy: true },
      schema: {
        tags: ['recipients'],
        description:
          'JSON `{ csv, company_uuid }` or multipart/form-data with the CSV in the field "file" (the caller\'s own company). Imports every row or none.',
        body: {
          content: { 'application/json': { schema: RecipientImportBody }, 'multipart/form-data': { schema: {} } },
        },
        response: { 201: RecipientImportResult },
      },
    },
    async (req, reply) => {
      const { csv, company_uuid: named } = await readCsvUpload(req);
      const company_uuid = await targetCompany(app.db, req, named);
      const rows = parseRecipientCsv(csv);
      const lines = await app.db.transaction().execute(async (trx) => {
        const out: { line: number; recipient_uuid: string; number: string }[] = [];
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK);
          const clash = await firstTakenRecipient(
            trx,
            company_uuid,
            chunk.map((r) => r.number),
          );
          if (clash) {
            throw new HttpError(
              409,
              `Line ${chunk.find((r) => r.number === clash)?.line}: ${clash} is already a recipient; nothing was imported`,
            );
          }
          const inserted = await insertRecipients(
            trx,
            chunk.map((r) => ({ company_uuid, recipient_name: r.recipient_name, number: r.number })),
          );
          const ids = new Map(inserted.map((r) => [r.number, r.recipient_uuid]));
          out.push(
            ...chunk.map((r) => ({ line: r.line, recipient_uuid: ids.get(r.number) as string, number: r.number })),
          );
        }
        return out;
      });
      return reply.code(201).send({ imported: lines.length, lines });
    },
  );
}
