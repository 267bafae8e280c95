// Destination permissions (docs/guards.md): the countries a company may send to are its own list, or
// else its reseller's default for its companies, or else anywhere. Countries are ISO 3166 alpha-2.

/** The list in effect (upper-cased), or null when the company may send anywhere. */
export function allowedCountries(own: string[] | null, resellerDefault: string[] | null): Set<string> | null {
  const list = own ?? resellerDefault;
  return list ? new Set(list.map((c) => c.toUpperCase())) : null;
}

/** Why a destination is refused, or null when it is allowed. */
export function destinationProblem(allowed: Set<string> | null, e164: string, iso2: string | null): string | null {
  if (!allowed) return null;
  if (iso2 && allowed.has(iso2)) return null;
  return `${e164} is in ${iso2 ?? 'an unknown country'}, which is not one of the countries the company may send to (${[...allowed].sort().join(', ') || 'none'})`;
}

const ISO2 = /^[A-Z]{2}$/;

/** Cleans a list as typed: upper-cased, de-duplicated, sorted; answers the first bad code as a problem. */
export function normaliseCountries(list: string[]): { ok: true; list: string[] } | { ok: false; problem: string } {
  const out = new Set<string>();
  for (const raw of list) {
    const c = raw.trim().toUpperCase();
    if (!ISO2.test(c)) return { ok: false, problem: `"${raw}" is not a two-letter country code (e.g. US, GB)` };
    out.add(c);
  }
  return { ok: true, list: [...out].sort() };
}
