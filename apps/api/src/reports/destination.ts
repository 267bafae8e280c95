// A message's destination for the reports: its country from the number's dialling code, and its mobile
// network where the catalog's prefix data names one (sms.mobile_network_name, set when it was rated).
// The rollups keep both in their one destination column as "GB|Vodafone UK" ("US|" when the number has
// no network by prefix, as NANP numbers do), so the country needs no new rollup column or key.
import countries from 'i18n-iso-countries';
import { diallingPrefixes } from '../catalog';

/** Dialling prefixes → ISO country (the catalog's: the route quality's countries are the same). */
export { diallingPrefixes };

/** SQL: the destination key of a message `r` (the remote party's number: dnis out, ani in). */
export const DESTINATION_SQL = `(coalesce((select p.iso2 from dialling_prefixes p
    where p.prefix in (left(d.digits, 1), left(d.digits, 2), left(d.digits, 3), left(d.digits, 4))
    order by length(p.prefix) desc limit 1), '') || '|' || coalesce(r.mobile_network_name, ''))`;
/** The lateral join DESTINATION_SQL reads `d.digits` from. */
export const DESTINATION_DIGITS = `cross join lateral (select ltrim(case when r.is_received then r.ani else r.dnis end, '+') as digits) d`;

export interface Destination {
  country_code: string | null;
  country: string | null;
  network: string | null;
  /** "United Kingdom · Vodafone UK", the words a report shows for the group */
  destination: string | null;
}

/** A rollup's destination key in its parts; a key written before the country was kept is a network name alone. */
export function destinationOf(key: unknown): Destination {
  if (key === null || key === undefined || key === '') {
    return { country_code: null, country: null, network: null, destination: null };
  }
  const text = String(key);
  const bar = text.indexOf('|');
  const code = bar < 0 ? '' : text.slice(0, bar);
  const network = (bar < 0 ? text : text.slice(bar + 1)) || null;
  const country = code ? (countries.getName(code, 'en') ?? code) : null;
  const destination = [country, network].filter(Boolean).join(' · ') || null;
  return { country_code: code || null, country, network, destination };
}
