// The shared shape of every CSV import (recipients, ANI groups, DIDs): a header naming the columns,
// every bad line collected so one 400 names them (up to 20), and nothing written when any is bad.
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { parseCsv } from './csv';
import { readUpload, uploadText } from './uploads';

/** Lines named in one 400 answer; the rest are counted. */
export const MAX_NAMED_LINES = 20;
const CSV_MAX_BYTES = 1_000_000;

/** One 400 for a file's bad lines: the first 20 named, the rest counted. */
export function refuseLines(problems: string[], outcome = 'nothing was imported'): HttpError {
  const more = problems.length > MAX_NAMED_LINES ? `; and ${problems.length - MAX_NAMED_LINES} more bad lines` : '';
  return new HttpError(400, `${problems.slice(0, MAX_NAMED_LINES).join('; ')}${more}; ${outcome}`);
}

export interface CsvRecord {
  line: number;
  /** a column's trimmed value; '' for an optional column the file does not have */
  get(column: string): string;
}

/**
 * Reads a CSV whose header (any order, any case) must name `required` and may name `optional`.
 * Lines with the wrong number of fields go to `problems`; the caller adds its own and refuses them all.
 */
export function readCsvTable(
  csv: string,
  required: readonly string[],
  optional?: readonly string[],
): { records: CsvRecord[]; problems: string[] } {
  const [header, ...lines] = parseCsv(csv);
  const names = header?.fields.map((h) => h.trim().toLowerCase()) ?? [];
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length)
    throw new HttpError(
      400,
      `Line 1: the CSV needs the headers ${required.join(', ')} (missing: ${missing.join(', ')})`,
    );
  if (optional) {
    const known = [...required, ...optional];
    const unknown = names.find((n) => !known.includes(n));
    if (unknown) throw new HttpError(400, `Line 1: unknown column "${unknown}" (columns: ${known.join(', ')})`);
  }
  const problems: string[] = [];
  const records: CsvRecord[] = [];
  for (const { line, fields } of lines) {
    if (fields.length !== names.length) {
      problems.push(`Line ${line}: ${fields.length} fields, the header has ${names.length}`);
      continue;
    }
    records.push({
      line,
      get: (column) => {
        const i = names.indexOf(column);
        return i < 0 ? '' : fields[i].trim();
      },
    });
  }
  return { records, problems };
}

/** Ends a parse: refuses the bad lines, or a file with nothing under its header. */
export function acceptRows<R>(rows: R[], problems: string[]): R[] {
  if (problems.length) throw refuseLines(problems);
  if (!rows.length) throw new HttpError(400, 'The CSV has no rows under its header');
  return rows;
}

/** An import call's CSV: JSON `{ csv, company_uuid? }`, or a multipart upload in the field `file` (UTF-8). */
export async function readCsvUpload(req: FastifyRequest): Promise<{ csv: string; company_uuid?: string }> {
  if (!req.isMultipart()) return req.body as { csv: string; company_uuid?: string };
  const text = uploadText((await readUpload(req, 'file', CSV_MAX_BYTES)).data);
  if (text === null) throw new HttpError(400, 'The file is not UTF-8 text; save the CSV as UTF-8');
  return { csv: text };
}
