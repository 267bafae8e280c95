// system_ids are unique platform-wide (a bind names no company), yet a company must not learn which ones other
// companies hold: only the system admin picks an exact one; anyone else's choice becomes the prefix of an id
// with a random suffix, and a suffix that collides is drawn again, never reported.
import { randomBytes } from 'node:crypto';
import { SMPP_SYSTEM_ID_PREFIX_MAX } from '@smsc/shared-contract';

/** SMPP 3.4: system_id is a C-octet string of at most 16 octets, the NUL included */
export const SYSTEM_ID_MAX = 15;
/** the part of a requested system_id kept before "-" and the suffix */
export const PREFIX_MAX = SMPP_SYSTEM_ID_PREFIX_MAX;
/** 4 characters of 32 (a million suffixes per prefix) fill the rest */
export const SUFFIX_LENGTH = SYSTEM_ID_MAX - PREFIX_MAX - 1;
// no l, o, 0 or 1: read aloud or copied by hand, the id has no look-alike characters
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** "acme-gw" → "acme-gw-k7qm"; a longer request keeps its first PREFIX_MAX characters. */
export function suffixedSystemId(requested: string): string {
  const suffix = [...randomBytes(SUFFIX_LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${requested.slice(0, PREFIX_MAX)}-${suffix}`;
}

/** The system_id our bind answers carry under the built-in brand. */
export const OUR_SYSTEM_ID = 'SMSCCONSOLE';

/**
 * The system_id of the SMSC as a bind answer names it: the account's brand (`Nimbus Texts` → `NIMBUSTEXTS`, a
 * customer of a reseller never sees the operator's name), kept to SMPP's 15 characters; the built-in brand (null)
 * and a name with no letter or digit keep ours.
 */
export function brandSystemId(brandName: string | null): string {
  const id = (brandName ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, SYSTEM_ID_MAX);
  return id || OUR_SYSTEM_ID;
}
