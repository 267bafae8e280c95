import { csvCell } from './csv-writer';

/** Header and rows as arrays (titles first); the cells go through the one CSV writer. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map((v) => csvCell(v)).join(',')).join('\r\n') + '\r\n';
}

/** A malformed CSV; the message names the physical line ("Line 3: ...") so a person can fix the file. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CsvError';
  }
}

export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 CSV: comma-separated, fields may be "quoted" (with "" for a quote, and line breaks inside).
 * Blank lines are skipped; each record carries the physical line it starts on so errors can name it.
 * Malformed input (an unterminated quote, text after a closing quote) throws a CsvError naming the line.
 */
export function parseCsvRecords(text: string, delimiter: CsvDelimiter = ','): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quotedAt = 0;
  let sawQuote = false;
  const endRecord = () => {
    fields.push(field);
    // Only a line with nothing but spaces is blank; `" "` is a record with one (empty-looking) field.
    if (sawQuote || fields.length > 1 || fields[0].trim() !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
    sawQuote = false;
  };
  while (i < src.length) {
    const c = src[i];
    if (quotedAt) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quotedAt = 0;
        i++;
        const next = src[i];
        if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r')
          throw new CsvError(line, 'unexpected text after a closing quote');
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quotedAt = line;
      sawQuote = true;
      field = '';
      i++;
      continue;
    }
    if (c === '"')
      throw new CsvError(line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
    if (c === delimiter) {
      fields.push(field);
      field = '';
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      start = line;
      continue;
    }
    field += c;
    i++;
  }
  if (quotedAt) throw new CsvError(quotedAt, 'a quoted field is never closed');
  endRecord();
  return records;
}

/** The fields of every record, for callers that do not report lines. */
export function parseCsv(text: string, delimiter: CsvDelimiter = ','): string[][] {
  return parseCsvRecords(text, delimiter).map((r) => r.fields);
}

export type CsvDelimiter = ',' | ';' | '\t';

/**
 * The separator a file uses, read from its header line: spreadsheets in many locales save `;`, vendor
 * decks often come tab-separated. The one seen most outside quotes wins; a comma when none is seen.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const first = (text.startsWith('\uFEFF') ? text.slice(1) : text).split(/\r?\n/, 1)[0] ?? '';
  const bare = first.replace(/"[^"]*"/g, '');
  const count = (d: string) => bare.split(d).length - 1;
  const ranked = ([',', ';', '\t'] as const).map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1]);
  return ranked[0][1] > 0 ? ranked[0][0] : ',';
}
