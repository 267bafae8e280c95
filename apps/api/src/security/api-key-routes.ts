import type { FastifyInstance } from 'fastify';
import {
  API_KEYS_PER_PAGE,
  API_KEY_SCOPES,
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeyListQuery,
  IdParam,
  MessageBody,
  twilioAccountSid,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { notFound } from '../lib/http-error';
import { listPage } from '../lib/list';
import { audit } from './audit';
import { userRows } from '../accounts';
import { CREATOR_DEACTIVATED, newKey } from './api-keys';

const tags = ['api keys'];
// A company admin manages its own company's keys; nobody else sees them (the key is the company's secret).
const owners: AccessPolicy = { admin: 'none', reseller: 'none', company_admin: 'tenant', user: 'none' };

export default async function apiKeyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const listed = () =>
    app.db
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
      // live keys, and keys the platform revoked (their creator deactivated) until the company removes them, so an
      // admin whose program stopped sees why
      .where((eb) =>
        eb.or([eb('api_keys.revoked_on', 'is', null), eb('api_keys.revoked_reason', '=', CREATOR_DEACTIVATED)]),
      );
  const shape = (r: Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>) => ({
    ...r,
    created_on: r.created_on.toISOString(),
    last_used_on: r.last_used_on ? r.last_used_on.toISOString() : null,
    revoked_on: r.revoked_on ? r.revoked_on.toISOString() : null,
  });

  app.get(
    '/api_key/list',
    { config: { access: owners }, schema: { tags, querystring: ApiKeyListQuery, response: { 200: ApiKeyList } } },
    async (req) => {
      const company = req.user.company_uuid as string;
      const q = listed().where('api_keys.company_uuid', '=', company);
      const page = await listPage(
        req.query,
        q.orderBy('api_keys.created_on', 'desc').orderBy('api_keys.api_key_uuid'),
        q.clearSelect(),
        API_KEYS_PER_PAGE,
      );
      return { ...page, items: page.items.map(shape), account_sid: twilioAccountSid(company) };
    },
  );

  app.post(
    '/api_key',
    {
      config: { access: owners },
      schema: {
        tags,
        description: 'Creates a key; the answer is the only time the full key is shown.',
        body: ApiKeyCreateBody,
        response: { 201: ApiKeyCreated },
      },
    },
    async (req, reply) => {
      const sandbox = req.body.sandbox === true;
      const { key, prefix, key_hash } = newKey(sandbox);
      const company_uuid = req.user.company_uuid as string;
      // kept in API_KEY_SCOPES' order, so a list reads the same whatever order they were ticked in
      const scopes = API_KEY_SCOPES.filter((s) => (req.body.scopes ?? ['send']).includes(s));
      const row = await app.db
        .insertInto('api_keys')
        .values({
          company_uuid,
          created_by: req.user.uuid,
          name: req.body.name.trim() || 'API key',
          prefix,
          key_hash,
          scopes,
          sandbox,
        })
        .returning('api_key_uuid')
        .executeTakeFirstOrThrow();
      await audit(req, 'api_key', row.api_key_uuid, null, {
        company_uuid,
        name: req.body.name,
        prefix,
        scopes,
        sandbox,
      });
      const api_key = await listed().where('api_keys.api_key_uuid', '=', row.api_key_uuid).executeTakeFirstOrThrow();
      return reply.code(201).send({ api_key: shape(api_key), key });
    },
  );

  /**
   * Revoking is immediate: the next call with the key answers 401. The row stays for the audit trail. A key already
   * revoked with its deactivated creator is removed from the list the same way.
   */
  app.delete(
    '/api_key/:id',
    { config: { access: owners }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const row = await app.db
        .updateTable('api_keys')
        .set((eb) => ({ revoked_on: eb.fn.coalesce('revoked_on', eb.val(new Date())), revoked_reason: null }))
        .where('api_key_uuid', '=', req.params.id)
        .where('company_uuid', '=', req.user.company_uuid as string)
        .where((eb) => eb.or([eb('revoked_on', 'is', null), eb('revoked_reason', '=', CREATOR_DEACTIVATED)]))
        .returning(['name', 'prefix', 'company_uuid'])
        .executeTakeFirst();
      if (!row) throw notFound('API key');
      await audit(req, 'api_key', req.params.id, row, null);
      return { message: 'API key revoked' };
    },
  );
}
