import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { TOLL_FREE_PREFIXES } from '@smsc/shared-contract';
import { HttpError } from '../lib/http-error';

export interface NanpNumber {
  /** "+12125550100" */
  e164: string;
  /** "2125550100" */
  national: string;
  npa: string;
  isTollFree: boolean;
  /** ISO-2 of the country libphonenumber places it in (US, CA, ...) */
  country: string | null;
}

/**
 * A North American number from what a person typed ("(212) 555-0100", "+1 212 555 0100", "2125550100"),
 * checked against libphonenumber's full metadata; null when it is not a valid NANP number.
 */
export function parseNanp(input: string): NanpNumber | null {
  const p = parsePhoneNumberFromString(input.trim(), 'US');
  if (!p || p.countryCallingCode !== '1' || !p.isValid()) return null;
  const national = String(p.nationalNumber);
  const npa = national.slice(0, 3);
  return {
    e164: p.number,
    national,
    npa,
    isTollFree: (TOLL_FREE_PREFIXES as readonly string[]).includes(npa),
    country: p.country ?? null,
  };
}

/** Like parseNanp, for request input: a malformed number is the caller's mistake (400 naming it). */
export function requireNanp(input: string, where = ''): NanpNumber {
  const n = parseNanp(input);
  if (!n) throw new HttpError(400, `${where}"${input}" is not a valid North American phone number`);
  return n;
}
