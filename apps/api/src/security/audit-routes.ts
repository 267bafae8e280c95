import type { FastifyInstance } from 'fastify';
import { AuditEntry, AuditListQuery, ListPage } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { ofReseller, rowsOf } from '../lib/tenancy';
import { listAudit } from './audit-list';

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
    async (req) => listAudit(app.db, rowsOf(req, ofReseller('audit_log.reseller_uuid')), req.query),
  );
}
