import type { FastifyInstance } from 'fastify';
import { AuditEntry, AuditListQuery, ListPage } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { wildcard, listPage } from '../lib/list';
import { ofReseller, rowsOf } from '../lib/tenancy';

// The system admin reads every entry; a reseller the entries of its own records and its companies'.
// There is no call that edits or deletes an entry.
const read: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };

export default async function auditRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/audit/list',
    {
      config: { access: read },
      schema: { tags: ['audit'], querystring: AuditListQuery, response: { 200: ListPage(AuditEntry) } },
    },
    async (req) => {
      const q = req.query;
      let base = app.db.selectFrom('audit_log').where(rowsOf(req, ofReseller('audit_log.reseller_uuid')));
      if (q.entity) base = base.where('entity', '=', q.entity);
      // the console sends text filters as *wildcards*
      if (q.entity_id) base = base.where('entity_id', 'ilike', wildcard(q.entity_id));
      if (q.action) base = base.where('action', '=', q.action);
      if (q.actor_email) base = base.where('actor_email', 'ilike', wildcard(q.actor_email));
      if (q.company_uuid) base = base.where('company_uuid', '=', q.company_uuid);
      if (q.reseller_uuid) base = base.where('reseller_uuid', '=', q.reseller_uuid);
      if (q.from) base = base.where('at', '>=', new Date(q.from));
      if (q.to) base = base.where('at', '<', new Date(q.to));
      const page = await listPage(q, base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'), base);
      return { ...page, items: page.items.map((r) => ({ ...r, id: String(r.id), at: r.at.toISOString() })) };
    },
  );
}
