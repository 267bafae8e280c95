// Values of the configuration that need no domain: where the repository is, and the parsers of the
// settings main.ts reads itself (TRUST_PROXY, PASSWORD_HASH_COST).
import { isIP } from 'node:net';
import path from 'node:path';
import type { PasswordHashCost } from '../lib/passwords';
import { originList } from './read-env';

export type TrustProxy = boolean | number | string[];

// Set by the release build (tools/scripts/api-bundle.mjs); never defined when the sources run through tsx or jest.
declare const __SMSC_RELEASE__: boolean | undefined;

/**
 * Where the default paths (data/pglite, dist/apps, tmp/kannel) start: the repository root, four folders above this
 * file; in the release, the folder of its one bundled main.js, laid out like the repository for those paths.
 */
export const REPO_ROOT =
  typeof __SMSC_RELEASE__ !== 'undefined' && __SMSC_RELEASE__ ? __dirname : path.resolve(__dirname, '../../../..');

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; "true" trusts every hop (only behind a proxy that
 * overwrites X-Forwarded-For); a whole number trusts that many hops; otherwise a comma-separated list of
 * proxy addresses or CIDR ranges. Anything else stops the start, since a wrong value would either pool
 * every client into one rate-limit bucket or let clients choose their own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = originList(v);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    const maxBits = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || extra !== undefined)
      throw new Error(`TRUST_PROXY: "${entry}" is not true, false, a hop count, an address or a CIDR range`);
  }
  return list;
}

/** PASSWORD_HASH_COST: "owasp" (the default) or "fast"; production (NODE_ENV=production) refuses "fast". */
export function parsePasswordHashCost(value: string | undefined, nodeEnv: string | undefined): PasswordHashCost {
  const v = (value ?? '').trim() || 'owasp';
  if (v !== 'owasp' && v !== 'fast') throw new Error(`PASSWORD_HASH_COST: "${v}" is neither owasp nor fast`);
  if (v === 'fast' && nodeEnv === 'production')
    throw new Error('PASSWORD_HASH_COST=fast is for tests and local development; production hashes at owasp cost');
  return v;
}
