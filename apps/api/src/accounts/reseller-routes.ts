import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  IdParam,
  ListPage,
  MessageBody,
  Reseller,
  ResellerCreate,
  ResellerListQuery,
  ResellerPatch,
} from '@smsc/shared-contract';
import { adminOnly } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { audit } from '../security';
import { FieldError, HttpError } from '../lib/http-error';
import type { Kysely } from 'kysely';
import { catalogRepository } from '../catalog';
import type { Database } from '../db/schema';
import {
  deleteReseller,
  insertReseller,
  listResellers,
  lockReseller,
  resellerCompanies,
  resellerRow,
  updateReseller,
} from './reseller-store';

const cfg = { config: { access: adminOnly } };
const NAMED_COMPANIES = 3;

/**
 * A reseller's companies are kept (companies.reseller_uuid is `on delete restrict`): its delete is refused with a 409
 * that names them, so the admin knows what to move or delete first (it was a 500 from the foreign key).
 */
async function refuseWhileItHasCompanies(db: Kysely<Database>, r: { reseller_uuid: string; reseller_name: string }) {
  const companies = await resellerCompanies(db, r.reseller_uuid, NAMED_COMPANIES);
  if (!companies.length) return;
  const total = Number(companies[0].total);
  const names = companies.map((c) => c.company_name).join(', ') + (total > companies.length ? ', …' : '');
  throw new HttpError(
    409,
    `Reseller ${r.reseller_name} has ${total} ${total === 1 ? 'company' : 'companies'} (${names}): move ${total === 1 ? 'it' : 'them'} to another reseller or delete ${total === 1 ? 'it' : 'them'} first`,
  );
}

// POST /reseller/import lives in reseller-import.ts (it takes multipart uploads too).
export default async function resellerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = (id: string) => resellerRow(app.db, id);
  // a wholesale price is the platform's to set: a reseller's own product cannot price what it owes
  const checkProduct = async (product_uuid: string | null | undefined) => {
    if (!product_uuid) return;
    if (!(await catalogRepository.isPlatformProduct(app.db, product_uuid)))
      throw new FieldError({ platform_product_uuid: "Choose a product of the platform (not a reseller's)" });
  };

  app.get(
    '/reseller/list',
    { ...cfg, schema: { tags: ['resellers'], querystring: ResellerListQuery, response: { 200: ListPage(Reseller) } } },
    async (req) => listResellers(app.db, req.query),
  );

  app.post(
    '/reseller',
    { ...cfg, schema: { tags: ['resellers'], body: ResellerCreate, response: { 201: Reseller } } },
    async (req, reply) => {
      await checkProduct(req.body.platform_product_uuid);
      const created = await insertReseller(app.db, req.body);
      await audit(req, 'reseller', created.reseller_uuid, null, created);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/reseller/:id',
    { ...cfg, schema: { tags: ['resellers'], params: IdParam, response: { 200: Reseller } } },
    async (req) => orNotFound(await find(req.params.id), 'Reseller'),
  );

  app.patch(
    '/reseller/:id',
    { ...cfg, schema: { tags: ['resellers'], params: IdParam, body: ResellerPatch, response: { 200: Reseller } } },
    async (req) => {
      const before = orNotFound(await find(req.params.id), 'Reseller');
      await checkProduct(req.body.platform_product_uuid);
      const updated = orNotFound(await updateReseller(app.db, req.params.id, req.body), 'Reseller');
      await audit(req, 'reseller', updated.reseller_uuid, before, updated);
      return updated;
    },
  );

  app.delete(
    '/reseller/:id',
    { ...cfg, schema: { tags: ['resellers'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = await app.db.transaction().execute(async (trx) => {
        // locked, so a company added meanwhile waits and then meets the refusal rather than the foreign key's
        const row = orNotFound(await lockReseller(trx, req.params.id), 'Reseller');
        await refuseWhileItHasCompanies(trx, row);
        await deleteReseller(trx, row.reseller_uuid);
        return row;
      });
      await audit(req, 'reseller', gone.reseller_uuid, gone, null);
      return { message: 'Reseller deleted' };
    },
  );
}
