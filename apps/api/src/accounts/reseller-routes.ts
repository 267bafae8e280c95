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
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { audit } from '../security';
import { FieldError, HttpError } from '../lib/http-error';
import type { Kysely } from 'kysely';
import { catalogRepository } from '../catalog';
import type { Database } from '../db/schema';

const cfg = { config: { access: adminOnly } };
const NAMED_COMPANIES = 3;

/**
 * A reseller's companies are kept (companies.reseller_uuid is `on delete restrict`): its delete is refused with a 409
 * that names them, so the admin knows what to move or delete first (it was a 500 from the foreign key).
 */
async function refuseWhileItHasCompanies(db: Kysely<Database>, r: { reseller_uuid: string; reseller_name: string }) {
  const companies = await db
    .selectFrom('companies')
    .select(['company_name', (eb) => eb.fn.countAll<string>().over().as('total')])
    .where('reseller_uuid', '=', r.reseller_uuid)
    .orderBy('company_name')
    .limit(NAMED_COMPANIES)
    .execute();
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
  const find = (id: string) =>
    app.db.selectFrom('resellers').selectAll().where('reseller_uuid', '=', id).executeTakeFirst();
  // a wholesale price is the platform's to set: a reseller's own product cannot price what it owes
  const checkProduct = async (product_uuid: string | null | undefined) => {
    if (!product_uuid) return;
    if (!(await catalogRepository.isPlatformProduct(app.db, product_uuid)))
      throw new FieldError({ platform_product_uuid: "Choose a product of the platform (not a reseller's)" });
  };

  app.get(
    '/reseller/list',
    { ...cfg, schema: { tags: ['resellers'], querystring: ResellerListQuery, response: { 200: ListPage(Reseller) } } },
    async (req) => {
      const q = req.query;
      let base = app.db.selectFrom('resellers');
      if (q.reseller_name) base = base.where('reseller_name', 'ilike', wildcard(q.reseller_name));
      const { col, dir } = ordering(q, ['reseller_name', 'created_on'] as const, 'reseller_name');
      return listPage(q, base.selectAll().orderBy(col, dir).orderBy('reseller_uuid'), base);
    },
  );

  app.post(
    '/reseller',
    { ...cfg, schema: { tags: ['resellers'], body: ResellerCreate, response: { 201: Reseller } } },
    async (req, reply) => {
      await checkProduct(req.body.platform_product_uuid);
      const created = await app.db.insertInto('resellers').values(req.body).returningAll().executeTakeFirstOrThrow();
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
      const updated = orNotFound(
        await app.db
          .updateTable('resellers')
          .set(req.body)
          .where('reseller_uuid', '=', req.params.id)
          .returningAll()
          .executeTakeFirst(),
        'Reseller',
      );
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
        const row = orNotFound(
          await trx
            .selectFrom('resellers')
            .selectAll()
            .where('reseller_uuid', '=', req.params.id)
            .forUpdate()
            .executeTakeFirst(),
          'Reseller',
        );
        await refuseWhileItHasCompanies(trx, row);
        await trx.deleteFrom('resellers').where('reseller_uuid', '=', row.reseller_uuid).execute();
        return row;
      });
      await audit(req, 'reseller', gone.reseller_uuid, gone, null);
      return { message: 'Reseller deleted' };
    },
  );
}
