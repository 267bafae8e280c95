// A company's API keys as the console manages them: the list, one new key, a revoke. Verifying a key on a call is
// api-keys.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { userRows } from '../accounts';
import { listPage, type PageQuery } from '../lib/list';
import { CREATOR_DEACTIVATED } from './api-keys';

type Db = Kysely<Database>;

/** Live keys, and keys the platform revoked (their creator deactivated) until the company removes them. */
const listed = (db: Db) =>
  db
    .selectFrom('api_keys')
    .leftJoin(userRows.as('users'), 'users.uuid', 'api_keys.created_by')
    .select([
      'api_keys.api_key_uuid',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.created_on',
      'api_keys.last_used_on',
      'users.email as created_by_email',
      'api_keys.revoked_on',
      'api_keys.revoked_reason',
      'api_keys.scopes',
      'api_keys.sandbox',
    ])
    // an admin whose program stopped sees why
    .where((eb) =>
      eb.or([eb('api_keys.revoked_on', 'is', null), eb('api_keys.revoked_reason', '=', CREATOR_DEACTIVATED)]),
    );

type Listed = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;
const shape = (r: Listed) => ({
  ...r,
  created_on: r.created_on.toISOString(),
  last_used_on: r.last_used_on ? r.last_used_on.toISOString() : null,
  revoked_on: r.revoked_on ? r.revoked_on.toISOString() : null,
});

export async function listApiKeys(db: Db, company_uuid: string, query: PageQuery, perPage: number) {
  const q = listed(db).where('api_keys.company_uuid', '=', company_uuid);
  const page = await listPage(
    query,
    q.orderBy('api_keys.created_on', 'desc').orderBy('api_keys.api_key_uuid'),
    q.clearSelect(),
    perPage,
  );
  return { ...page, items: page.items.map(shape) };
}

export async function apiKeyById(db: Db, api_key_uuid: string) {
  return shape(await listed(db).where('api_keys.api_key_uuid', '=', api_key_uuid).executeTakeFirstOrThrow());
}

export async function insertApiKey(
  db: Db,
  k: {
    company_uuid: string;
    created_by: string;
    name: string;
    prefix: string;
    key_hash: string;
    scopes: string[];
    sandbox: boolean;
  },
): Promise<string> {
  const row = await db.insertInto('api_keys').values(k).returning('api_key_uuid').executeTakeFirstOrThrow();
  return row.api_key_uuid;
}

/** Revokes a company's key (or removes one the platform revoked from its list); undefined when it has none such. */
export async function revokeApiKey(db: Db, company_uuid: string, api_key_uuid: string) {
  return db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_on: eb.fn.coalesce('revoked_on', eb.val(new Date())), revoked_reason: null }))
    .where('api_key_uuid', '=', api_key_uuid)
    .where('company_uuid', '=', company_uuid)
    .where((eb) => eb.or([eb('revoked_on', 'is', null), eb('revoked_reason', '=', CREATOR_DEACTIVATED)]))
    .returning(['name', 'prefix', 'company_uuid'])
    .executeTakeFirst();
}
