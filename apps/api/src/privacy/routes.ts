// Privacy requests (docs/privacy.md): the system admin for anyone, a reseller for its companies, a company admin
// for its company. An export answers a JSON document to download; an erasure answers its record. Both are kept as
// requests, listed here, and written to the audit log without the number.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ListPage,
  PrivacyEraseBody,
  PrivacyExport,
  PrivacyExportBody,
  PrivacyRequest,
  PrivacyRequestListQuery,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { assertCanName, callerScope, rowsOf, type TenantColumns } from '../lib/tenancy';
import { audit } from '../security';
import type { PrivacyService, RequestScope } from './service';
import { accountsRepository } from '../accounts';

const access: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const tags = ['privacy'];
// a request for a company is its company's (and its reseller's); one a reseller made for all its companies, its own
const OWNERS: TenantColumns = {
  company: 'privacy_requests.company_uuid',
  companyReseller: 'privacy_requests.reseller_uuid',
  reseller: 'privacy_requests.reseller_uuid',
  resellerOnlyWithoutCompany: true,
};

async function requestScope(req: FastifyRequest, company_uuid: string | undefined): Promise<RequestScope> {
  const db = req.server.db;
  const caller = callerScope(req);
  if (company_uuid) await assertCanName(db, req, 'company', company_uuid);
  const company = company_uuid ?? ('company_uuid' in caller ? caller.company_uuid : null);
  if (company)
    return {
      scope: { company_uuid: company },
      company_uuid: company,
      reseller_uuid: await accountsRepository.resellerOfCompany(db, company),
    };
  if ('reseller_uuid' in caller)
    return { scope: { reseller_uuid: caller.reseller_uuid }, company_uuid: null, reseller_uuid: caller.reseller_uuid };
  return { scope: { all: true }, company_uuid: null, reseller_uuid: null };
}

const requester = (req: FastifyRequest) => ({ uuid: req.user.uuid, email: req.user.email });
const audited = (r: PrivacyRequest) => ({
  kind: r.kind,
  number_hint: r.number_hint,
  company_uuid: r.company_uuid,
  reason: r.reason,
  block_future: r.block_future,
  counts: r.counts,
});

export default async function privacyRoutes(base: FastifyInstance, opts: { service: PrivacyService }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { service } = opts;

  app.post(
    '/privacy/export',
    {
      // reads whole tables (audit entries, files, webhook bodies): limited per tenant like other heavy calls
      config: { access, heavy: true },
      schema: {
        tags,
        body: PrivacyExportBody,
        response: { 200: PrivacyExport },
        description:
          'Everything held about one phone number in your reach (messages to and from it, opt-outs, contacts, campaign and bulk lists, workflows, webhook bodies, audit entries, uploaded files, mails), as a JSON document. The request is recorded (without the number).',
      },
    },
    async (req, reply) => {
      const at = await requestScope(req, req.body.company_uuid);
      const doc = await service.export(at, req.body, requester(req));
      await audit(req, 'privacy_request', doc.request.privacy_request_uuid, null, audited(doc.request));
      reply.header(
        'content-disposition',
        `attachment; filename="privacy-export-${doc.request.privacy_request_uuid}.json"`,
      );
      return doc;
    },
  );

  app.post(
    '/privacy/erase',
    {
      config: { access, heavy: true },
      schema: {
        tags,
        body: PrivacyEraseBody,
        response: { 201: PrivacyRequest },
        description:
          'Erases one phone number in your reach: message bodies blanked and the number replaced by a token on the messages kept for billing, contacts and opt-outs removed, the number taken off lists and redacted in webhook bodies, audit entries, uploaded files and mails. A number that had opted out stays blocked (by a hash). Cannot be undone.',
      },
    },
    async (req, reply) => {
      const at = await requestScope(req, req.body.company_uuid);
      const done = await service.erase(at, req.body, requester(req));
      await audit(req, 'privacy_request', done.privacy_request_uuid, null, audited(done));
      return reply.code(201).send(done);
    },
  );

  app.get(
    '/privacy/request/list',
    {
      config: { access },
      schema: { tags, querystring: PrivacyRequestListQuery, response: { 200: ListPage(PrivacyRequest) } },
    },
    async (req) => service.list(app.db, rowsOf(req, OWNERS), req.query),
  );
}
