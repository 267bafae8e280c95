const needsQuotes = /[",\r\n]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A leading =, +, - or @ would be read as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A malformed CSV; the message names the physical line ("Line 3: ...") so a person can fix the file. */
export class CsvError extends Error {
  constructor(readonly line: number, reason: string) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CsvError';
  }
}

export interface CsvRecord { line: number; fields: string[] }

/**
 * RFC 4180 CSV: comma-separated, fields may be "quoted" (with "" for a quote, and line breaks inside).
 * Blank lines are skipped; each record carries the physical line it starts on so errors can name it.
 * Malformed input (an unterminated quote, text after a closing quote) throws a CsvError naming the line.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
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
      if (c === '"' && src[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') {
        quotedAt = 0;
        i++;
        const next = src[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvError(line, 'unexpected text after a closing quote');
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') { quotedAt = line; sawQuote = true; field = ''; i++; continue; }
    if (c === '"') throw new CsvError(line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
    if (c === ',') { fields.push(field); field = ''; i++; continue; }
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
export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.fields);
}
