// The numbers of a bulk from a pasted list or a CSV, checked line by line before anything is stored.
import { BULK_MAX_RECIPIENTS } from '@smsc/shared-contract';
import { HttpError } from '../lib/http-error';
import { parseCsv } from '../lib/csv';
import { parseDnis } from '../catalog';
import { fieldKey, fillText, missingFields, unfilledMessage } from '@smsc/shared-util';
import { nextTurn, pacer } from '../lib/event-loop-turns';

export interface BulkRecipient {
  number: string;
  fields?: Record<string, string>;
}
const MAX_NAMED = 20;
const NUMBER_COLUMNS = ['number', 'phone', 'dnis', 'msisdn'];

const NANP = /^\+?1?([2-9]\d{2}[2-9]\d{6})$/;
const E164 = /^\+?([1-9]\d{7,14})$/;

/**
 * E.164 of a destination (international form; a bare 10-digit number is taken as NANP). NANP numbers
 * get a structural check (libphonenumber costs ~50 µs a number, 5 s for 100,000); the pipeline checks
 * every message fully again when it sends, and blocks one it cannot route as bad_number.
 */
export function bulkNumber(raw: string): string | null {
  const t = raw.trim().replace(/[\s().-]/g, '');
  if (!t) return null;
  const nanp = NANP.exec(t);
  if (nanp && (t.startsWith('+1') || !t.startsWith('+'))) return `+1${nanp[1]}`;
  if (t.startsWith('+1') || !E164.test(t)) return null;
  const p = parseDnis(t);
  return p ? `+${p.digits}` : null;
}

function fail(problems: string[], what: string): never {
  const more = problems.length > MAX_NAMED ? `; and ${problems.length - MAX_NAMED} more bad ${what}` : '';
  throw new HttpError(400, `${problems.slice(0, MAX_NAMED).join('; ')}${more}; nothing was sent`);
}

/** Drops repeated numbers (each number gets the message once) and answers how many were dropped. */
function unique(rows: BulkRecipient[]): { recipients: BulkRecipient[]; duplicates: number } {
  const seen = new Set<string>();
  const recipients = rows.filter((r) => (seen.has(r.number) ? false : (seen.add(r.number), true)));
  if (!recipients.length) throw new HttpError(400, 'The list of numbers is empty');
  if (recipients.length > BULK_MAX_RECIPIENTS)
    throw new HttpError(400, `A bulk takes at most ${BULK_MAX_RECIPIENTS} numbers; this one has ${recipients.length}`);
  return { recipients, duplicates: rows.length - recipients.length };
}

/** Typed values merged under each recipient's own: its own (a CSV cell) win when not blank. */
function withValues(values: Record<string, string> | undefined, own: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values ?? {})) out[fieldKey(k)] = v;
  for (const [k, v] of Object.entries(own)) if (v.trim() || !out[k]?.trim()) out[k] = v;
  return out;
}

/**
 * Pasted numbers (one per entry; entries may hold several separated by commas, semicolons or new lines).
 * The text's placeholders other than {number} must have a typed value, the same for every number.
 * Up to 100,000 numbers: the loop yields the event loop every few milliseconds (lib/event-loop-turns.ts).
 */
export async function fromNumbers(
  numbers: string[],
  text = '',
  values?: Record<string, string>,
): Promise<{ recipients: BulkRecipient[]; duplicates: number }> {
  const missing = fillText(text, withValues(values, { number: '+1' })).missing;
  if (missing.length)
    throw new HttpError(400, `${unfilledMessage(missing)} (typed numbers carry only {number}); nothing was sent`);
  const shared = values && Object.keys(values).length ? withValues(values, {}) : null;
  const problems: string[] = [];
  const rows: BulkRecipient[] = [];
  const pace = pacer();
  let i = 0;
  for (const entry of numbers) {
    for (const part of entry.split(/[,;\n\r]+/)) {
      const raw = part.trim();
      if (!raw) continue;
      const number = bulkNumber(raw);
      i++;
      if (!number) problems.push(`Number ${i}: "${raw.slice(0, 40)}" is not a valid phone number`);
      else rows.push(shared ? { number, fields: shared } : { number });
      const turn = pace();
      if (turn) await turn;
    }
  }
  if (problems.length) fail(problems, 'numbers');
  return unique(rows);
}

/**
 * A CSV with a header: a number column (number, phone, dnis or msisdn) and any other columns, whose
 * values fill the text's {placeholders} per recipient. Every bad line is named (up to 20).
 */
export async function fromCsv(
  csv: string,
  text: string,
  typed?: Record<string, string>,
): Promise<{ recipients: BulkRecipient[]; duplicates: number; columns: string[] }> {
  const [header, ...records] = parseCsv(csv.replace(/^\uFEFF/, ''));
  await nextTurn(); // the parse of up to 8 MB is one piece; the lines below yield as they go
  const pace = pacer();
  if (!header) throw new HttpError(400, 'The CSV is empty');
  const names = header.fields.map((h) => h.trim());
  const numberAt = names.findIndex((n) => NUMBER_COLUMNS.includes(n.toLowerCase()));
  if (numberAt < 0)
    throw new HttpError(
      400,
      `Line 1: the CSV needs a column named number (or phone, dnis, msisdn); it has ${names.join(', ') || 'none'}`,
    );
  const missing = missingFields(text, [...names, 'number', ...Object.keys(typed ?? {})]);
  if (missing.length)
    throw new HttpError(
      400,
      `The text uses {${missing.join('}, {')}} but the CSV has no such column (it has ${names.join(', ')})`,
    );
  const keys = names.map(fieldKey);
  const problems: string[] = [];
  const rows: BulkRecipient[] = [];
  for (const { line, fields } of records) {
    if (fields.length === 1 && !fields[0].trim()) continue; // a blank line
    if (fields.length !== names.length) {
      problems.push(`Line ${line}: ${fields.length} fields, the header has ${names.length}`);
      continue;
    }
    const raw = fields[numberAt];
    const number = bulkNumber(raw);
    if (!number) {
      problems.push(`Line ${line}: "${raw.trim().slice(0, 40)}" is not a valid phone number`);
      continue;
    }
    const own: Record<string, string> = {};
    keys.forEach((k, i) => {
      own[k] = i === numberAt ? number : fields[i].trim();
    });
    const values = withValues(typed, own);
    const blank = fillText(text, values).missing;
    if (blank.length) {
      problems.push(
        `Line ${line}: ${blank.map((b) => `{${b}}`).join(', ')} ${blank.length === 1 ? 'is' : 'are'} empty`,
      );
      continue;
    }
    delete values.number; // the row's number fills {number} when it sends
    rows.push(Object.keys(values).length ? { number, fields: values } : { number });
    const turn = pace();
    if (turn) await turn;
  }
  if (problems.length) fail(problems, 'lines');
  return { ...unique(rows), columns: names };
}
