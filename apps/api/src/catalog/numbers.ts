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

let dialling: { prefix: string; iso2: string }[] | null = null;

/**
 * Dialling prefixes (digits) → ISO country: each calling code to its main country, and the NANP area codes of the
 * countries that share +1 with the US (Canada, the Caribbean). Other shared codes (+7, +44...) count under their
 * main country. Computed once (800 parses): the reports' destination column and the route quality's countries
 * (the rating engine's and the sms trigger's) agree because both come from here.
 */
export function diallingPrefixes(): { prefix: string; iso2: string }[] {
  if (dialling) return dialling;
  const out = Object.entries(callingCodes).map(([code, list]) => ({ prefix: code, iso2: list[0] }));
  for (let area = 200; area < 1000; area++) {
    const country = parsePhoneNumberFromString(`+1${area}2345678`)?.country;
    if (country && country !== 'US') out.push({ prefix: `1${area}`, iso2: country });
  }
  dialling = out;
  return out;
}
