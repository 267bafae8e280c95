import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.max.json';

/** E.164 digits (no plus) and the country of a number, or null when libphonenumber (full metadata) says it is not valid. */
export function parseDnis(dnis: string): { digits: string; iso2: string | null } | null {
  const trimmed = dnis.trim();
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  if (!parsed || !parsed.isValid()) return null;
  return { digits: parsed.number.slice(1), iso2: parsed.country ?? null };
}

const callingCodes = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;

/** The main country of a dialling code ("4477" → GB, "1" → US), from its country calling code (1 to 3 digits). */
export function countryOfCode(code: string): string | null {
  for (let len = 1; len <= 3 && len <= code.length; len++) {
    const countries = callingCodes[code.slice(0, len)];
    if (countries) return countries[0];
  }
  return null;
}
