import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { ApiKeyScope } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { companyRows } from '../accounts';

/** The scopes a route accepts a key with (any one of them); true: the sending calls' scope, send. */
export type ApiKeyNeed = true | ApiKeyScope | readonly ApiKeyScope[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set on the calls that also accept a company API key (X-Api-Key header): the scopes that open it */
    apiKey?: ApiKeyNeed;
  }
}

/** The header a program sends its key in; a Bearer header stays for session tokens only. */
export const API_KEY_HEADER = 'x-api-key';
const PREFIX_LENGTH = 12;
/**
 * How much of a key is its listed prefix: a test or live key's kind word plus 7 random characters, so the list shows
 * which is which and the lookup stays as selective as before; keys made before the kinds keep their 12.
 */
const prefixLength = (key: string) => (/^smsc_(test|live)_/.test(key) ? 17 : PREFIX_LENGTH);
/** last_used_on is refreshed at most once a minute per key, so a busy sender does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export const hashKey = (key: string) => createHash('sha256').update(key).digest();

/**
 * A new key: 32 random bytes (256 bits), so a plain sha256 is enough; no slow hash is needed. A test key (the sandbox)
 * starts `smsc_test_`, a live one `smsc_live_`, so a developer tells them apart at a glance (and by the listed prefix).
 */
export function newKey(sandbox = false): { key: string; prefix: string; key_hash: string } {
  const key = `smsc_${sandbox ? 'test' : 'live'}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, prefixLength(key)), key_hash: hashKey(key).toString('hex') };
}

/** Why a key revoked by the platform, not by its company, no longer works (the API-key list shows it). */
export const CREATOR_DEACTIVATED = 'creator_deactivated';

/**
 * Revokes the live keys a user created, for good: reactivating the user does not bring them back (a key handed to
 * a program while its creator was away would otherwise start working again unseen). Answers the keys revoked.
 */
export async function revokeKeysOf(db: Kysely<Database>, user_uuid: string, reason = CREATOR_DEACTIVATED) {
  return db
    .updateTable('api_keys')
    .set({ revoked_on: new Date(), revoked_reason: reason })
    .where('created_by', '=', user_uuid)
    .where('revoked_on', 'is', null)
    .returning(['api_key_uuid', 'name', 'prefix', 'company_uuid'])
    .execute();
}

export interface KeyOwner {
  api_key_uuid: string;
  company_uuid: string;
  created_by: string;
  scopes: string[];
  /** a test key (the sandbox): its sends are never charged nor carried */
  sandbox: boolean;
}

/** Does a key with `scopes` open a route that needs `need`? manage includes read. */
export function scopeAllows(scopes: readonly string[], need: ApiKeyNeed): boolean {
  const wanted: readonly string[] = need === true ? ['send'] : typeof need === 'string' ? [need] : need;
  return wanted.some((w) => scopes.includes(w) || (w === 'read' && scopes.includes('manage')));
}

/**
 * The live key matching `key`, or null. Rows are found by prefix and the hash compared in constant time,
 * so the lookup time says nothing about how much of a guessed key was right.
 */
export async function resolveKey(db: Kysely<Database>, key: string, now = new Date()): Promise<KeyOwner | null> {
  if (key.length < PREFIX_LENGTH || key.length > 200) return null;
  const want = hashKey(key);
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin(companyRows.as('companies'), 'companies.company_uuid', 'api_keys.company_uuid')
    .select([
      'api_keys.api_key_uuid',
      'api_keys.company_uuid',
      'api_keys.created_by',
      'api_keys.key_hash',
      'api_keys.last_used_on',
      'api_keys.scopes',
      'api_keys.sandbox',
    ])
    .where('api_keys.prefix', '=', key.slice(0, prefixLength(key)))
    .where('api_keys.revoked_on', 'is', null)
    .where('companies.status', '=', 'active')
    .execute();
  const hit = rows.find((r) => {
    const got = Buffer.from(r.key_hash, 'hex');
    return got.length === want.length && timingSafeEqual(got, want);
  });
  if (!hit) return null;
  if (!hit.last_used_on || now.getTime() - hit.last_used_on.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable('api_keys').set({ last_used_on: now }).where('api_key_uuid', '=', hit.api_key_uuid).execute();
  }
  return {
    api_key_uuid: hit.api_key_uuid,
    company_uuid: hit.company_uuid,
    created_by: hit.created_by,
    scopes: hit.scopes,
    sandbox: hit.sandbox,
  };
}

/** The name of the key an id names, as a scalar sub-select (the SMS log's "Sent by", read beside its rows). */
export const apiKeyNameOf = (key: Expression<string | null>): RawBuilder<string | null> =>
  sql<string | null>`(select k.name from api_keys k where k.api_key_uuid = ${key})`;

/** Whether the company has a key that works (the getting-started checklist). */
export async function hasLiveKey(db: Kysely<Database>, company_uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('api_key_uuid')
    .where('company_uuid', '=', company_uuid)
    .where('revoked_on', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The ids of the keys whose name matches a wildcard pattern, as a sub-select (the SMS log's "Sent by" filter). */
export const apiKeysNamed = (pattern: string): RawBuilder<unknown> =>
  sql`(select k.api_key_uuid from api_keys k where k.name ilike ${pattern})`;
