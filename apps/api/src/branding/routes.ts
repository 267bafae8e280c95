import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Brand,
  BrandDomain,
  BrandDomainCreate,
  BrandImageParams,
  BrandInput,
  BrandOwnerQuery,
  IdParam,
  ListPage,
  MessageBody,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError, notFound } from '../lib/http-error';
import { audit } from '../security';
import type { BrandService } from './service';
import { accountsRepository } from '../accounts';
import { targetReseller } from '../lib/tenancy';

/** Everyone reads the brand they are shown (a company its reseller's); who sets it: the admin and the reseller. */
const readBrand: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'tenant' };
const setBrand: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };

export default async function brandingRoutes(base: FastifyInstance, { service }: { service: BrandService }) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  /** Whose brand a call sets: the admin names a reseller or means the platform's; a reseller only its own. */
  const ownerOf = (req: FastifyRequest, named?: string): Promise<string | null> =>
    targetReseller(app.db, req, named, { other: notFound('Reseller') });

  app.get(
    '/brand',
    {
      config: { access: readBrand },
      schema: { tags: ['branding'], querystring: BrandOwnerQuery, response: { 200: Brand } },
    },
    async (req) => {
      const { user } = req;
      // a company sees its reseller's brand (the platform's for a direct company)
      if (user.user_type === 'company_admin' || user.user_type === 'user')
        return service.effective(await accountsRepository.resellerOfCompany(app.db, user.company_uuid as string));
      return service.effective(await ownerOf(req, req.query.reseller_uuid));
    },
  );

  app.put(
    '/brand',
    {
      config: { access: setBrand },
      schema: { tags: ['branding'], querystring: BrandOwnerQuery, body: BrandInput, response: { 200: Brand } },
    },
    async (req) => {
      const owner = await ownerOf(req, req.query.reseller_uuid);
      const before = await service.effective(owner);
      const saved = await service.save(owner, req.body);
      await audit(req, 'brand', owner ?? 'platform', before.is_default ? null : before, saved);
      return saved;
    },
  );

  // the brand of the host the request came on: the public pages' (login, registration) before anyone signs in
  app.get(
    '/brand/host',
    { config: { access: 'public' }, schema: { tags: ['branding'], response: { 200: Brand } } },
    async (req) => (await service.forHost(req.hostname)).brand,
  );

  app.get(
    '/brand/:owner/:kind',
    { config: { access: 'public' }, schema: { tags: ['branding'], params: BrandImageParams } },
    async (req, reply) => {
      const { owner, kind } = req.params;
      const image = await service.image(owner === 'platform' ? null : owner, kind);
      if (!image) throw notFound('Image');
      // the URL carries the brand's version (?v=), so a changed image is a new URL
      return reply
        .type(image.type)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(image.body);
    },
  );

  const domainOwner = async (req: FastifyRequest, named?: string) => {
    const owner = await ownerOf(req, named);
    if (!owner) throw new HttpError(400, 'Name the reseller whose domain this is', {}, 'validation');
    return owner;
  };
  /** the admin reaches every reseller's domains; a reseller its own */
  const scope = (req: FastifyRequest) => (req.user.user_type === 'admin' ? null : (req.user.reseller_uuid as string));

  app.get(
    '/brand/domain/list',
    {
      config: { access: setBrand },
      schema: { tags: ['branding'], querystring: BrandOwnerQuery, response: { 200: ListPage(BrandDomain) } },
    },
    async (req) => {
      const items = await service.listDomains(
        req.query.reseller_uuid ? await ownerOf(req, req.query.reseller_uuid) : scope(req),
      );
      return { items, total: items.length, per_page: Math.max(1, items.length) };
    },
  );

  app.post(
    '/brand/domain',
    {
      config: { access: setBrand },
      schema: { tags: ['branding'], body: BrandDomainCreate, response: { 201: BrandDomain } },
    },
    async (req, reply) => {
      const domain = await service.addDomain(await domainOwner(req, req.body.reseller_uuid), req.body.host);
      await audit(req, 'brand_domain', domain.domain_uuid, null, domain);
      return reply.code(201).send(domain);
    },
  );

  app.post(
    '/brand/domain/:id/verify',
    { config: { access: setBrand }, schema: { tags: ['branding'], params: IdParam, response: { 200: BrandDomain } } },
    async (req) => service.verifyDomain(scope(req), req.params.id),
  );

  app.delete(
    '/brand/domain/:id',
    { config: { access: setBrand }, schema: { tags: ['branding'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const removed = await service.removeDomain(scope(req), req.params.id);
      await audit(req, 'brand_domain', req.params.id, removed, null);
      return { message: 'Domain removed' };
    },
  );
}
