// Issue 45 item 2: a reseller's prices as a markup over its cost. The preview is read-only; the proposal is a
// pending change set (reviewed and approved on Rate changes). Only a reseller has a cost to mark up: the
// system admin's tables answer a conflict, another tenant's table 404.
import type { FastifyInstance } from 'fastify';
import { IdParam, MarkupCreate, MarkupPreview, MarkupQuery, RateChangeSet } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { callerScope } from '../lib/tenancy';
import { audit } from '../security';
import type { MarkupService } from './markup-service';
import type { RateChangeService } from './service';

const resellers: AccessPolicy = { admin: 'none', reseller: 'tenant', company_admin: 'none', user: 'none' };

export default async function markupRoutes(
  base: FastifyInstance,
  opts: { markup: MarkupService; changes: RateChangeService },
) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { markup, changes } = opts;
  const tags = ['rates'];
  app.get(
    '/rate_table/:id/markup',
    {
      config: { access: resellers },
      schema: {
        tags,
        params: IdParam,
        querystring: MarkupQuery,
        response: { 200: MarkupPreview },
        description:
          "What a markup over your cost (your platform product's rates) would sell each destination at in this rate table, beside the cost, the price now and the margin. Changes nothing.",
      },
    },
    async (req) => markup.preview(callerScope(req), req.params.id, req.query, changes.now()),
  );
  app.post(
    '/rate_table/:id/markup',
    {
      config: { access: resellers },
      schema: {
        tags,
        params: IdParam,
        body: MarkupCreate,
        response: { 201: RateChangeSet },
        description:
          'Proposes the markup’s prices as a pending change set (kind partial: destinations you have no cost for keep their price). Approve it on Rate changes; increases wait for your companies’ notice period.',
      },
    },
    async (req, reply) => {
      const asked = req.body.effective_from ? new Date(`${req.body.effective_from}T00:00:00Z`) : changes.now();
      const set = await markup.propose(callerScope(req), req.user.uuid, req.params.id, req.body, asked);
      await audit(req, 'rate_change_set', set.change_set_uuid, null, { ...set, markup_percent: req.body.percent });
      return reply.code(201).send(set);
    },
  );
}
