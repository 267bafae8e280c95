import { CsvError, parseCsvRecords, type CsvRecord } from '@smsc/shared-util';
import { HttpError } from './http-error';

export type { CsvRecord };

/** The shared RFC 4180 parser; a malformed file is the caller's mistake, so it answers 400 naming the line. */
export function parseCsv(text: string): CsvRecord[] {
  try {
    return parseCsvRecords(text);
  } catch (e) {
    if (e instanceof CsvError) throw new HttpError(400, e.message);
    throw e;
  }
}
