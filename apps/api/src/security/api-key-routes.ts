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
import { audit } from './audit';
import { newKey } from './api-keys';
import { apiKeyById, insertApiKey, listApiKeys, revokeApiKey } from './api-key-store';

const tags = ['api keys'];
// A company admin manages its own company's keys; nobody else sees them (the key is the company's secret).
const owners: AccessPolicy = { admin: 'none', reseller: 'none', company_admin: 'tenant', user: 'none' };

export default async function apiKeyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/api_key/list',
    { config: { access: owners }, schema: { tags, querystring: ApiKeyListQuery, response: { 200: ApiKeyList } } },
    async (req) => {
      const company = req.user.company_uuid as string;
      const page = await listApiKeys(app.db, company, req.query, API_KEYS_PER_PAGE);
      return { ...page, account_sid: twilioAccountSid(company) };
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
      const api_key_uuid = await insertApiKey(app.db, {
        company_uuid,
        created_by: req.user.uuid,
        name: req.body.name.trim() || 'API key',
        prefix,
        key_hash,
        scopes,
        sandbox,
      });
      await audit(req, 'api_key', api_key_uuid, null, {
        company_uuid,
        name: req.body.name,
        prefix,
        scopes,
        sandbox,
      });
      return reply.code(201).send({ api_key: await apiKeyById(app.db, api_key_uuid), key });
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
      const row = await revokeApiKey(app.db, req.user.company_uuid as string, req.params.id);
      if (!row) throw notFound('API key');
      await audit(req, 'api_key', req.params.id, row, null);
      return { message: 'API key revoked' };
    },
  );
}
