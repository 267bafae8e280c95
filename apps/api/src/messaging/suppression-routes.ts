import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { IdParam, ListPage, MessageBody, SuppressedNumber, SuppressedNumberBody, SuppressedNumberListQuery, SuppressedNumberPayload } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError, notFound } from '../lib/http-error';
import { paging } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { parseDnis } from '../catalog';
import { audit } from '../security/audit';

const tags = ['messaging'];
const cfg = { config: { access: { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy } };

/** Suppressions the caller may see: the admin all, a reseller its companies', a company admin its company's. */
function scope(req: FastifyRequest): Expression<SqlBool> {
  if (req.level === 'all') return sql<boolean>`true`;
  if (req.user.user_type === 'reseller') return sql<boolean>`s.company_uuid in (select c.company_uuid from companies c where c.reseller_uuid = ${req.user.reseller_uuid})`;
  return sql<boolean>`s.company_uuid = ${req.user.company_uuid}`;
}

export default async function suppressionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const rows = () => app.db.selectFrom('suppressed_numbers as s').leftJoin('companies', 'companies.company_uuid', 's.company_uuid')
    .select(['s.suppressed_number_uuid', 's.number', 's.company_uuid', 'companies.company_name', 's.source', 's.created_on']);

  app.get('/suppressed_number/list', { ...cfg, schema: { tags, querystring: SuppressedNumberListQuery, response: { 200: ListPage(SuppressedNumber) } } }, async (req) => {
    const q = req.query;
    let b = app.db.selectFrom('suppressed_numbers as s').where(scope(req));
    if (q.company_uuid) b = b.where('s.company_uuid', '=', q.company_uuid);
    if (q.number) {
      const digits = q.number.replace(/\D/g, '');
      b = digits ? b.where('s.number', 'like', `%${digits}%`) : b.where(sql<boolean>`false`);
    }
    const { per_page, offset } = paging(q);
    const ids = b.select('s.suppressed_number_uuid');
    const [items, total] = await Promise.all([
      rows().where('s.suppressed_number_uuid', 'in', ids).orderBy('s.created_on', q.order_dir ?? 'desc').orderBy('s.suppressed_number_uuid').limit(per_page).offset(offset).execute(),
      b.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n, per_page };
  });

  app.post('/suppressed_number', { ...cfg, schema: { tags, body: SuppressedNumberBody, response: { 201: SuppressedNumberPayload } } }, async (req, reply) => {
    const u = req.user;
    let company_uuid = req.body.company_uuid;
    if (u.user_type === 'company_admin') {
      if (company_uuid && company_uuid !== u.company_uuid) throw new HttpError(403, 'company_uuid: a company admin suppresses numbers for its own company');
      company_uuid = u.company_uuid as string;
    } else {
      if (!company_uuid) throw new HttpError(400, 'company_uuid: choose the company whose messages the number must not receive');
      let q = app.db.selectFrom('companies').select('company_uuid').where('company_uuid', '=', company_uuid);
      if (u.user_type === 'reseller') q = q.where('reseller_uuid', '=', u.reseller_uuid);
      if (!(await q.executeTakeFirst())) throw notFound('Company');
    }
    const parsed = parseDnis(req.body.number);
    if (!parsed) throw new HttpError(400, `number: "${req.body.number}" is not a valid phone number`);
    const number = `+${parsed.digits}`;
    const created = await app.db.insertInto('suppressed_numbers').values({ company_uuid, number, source: 'manual', created_by: u.uuid })
      .onConflict((oc) => oc.columns(['company_uuid', 'number']).doNothing()).returning('suppressed_number_uuid').executeTakeFirst();
    if (!created) throw new HttpError(409, `${number} is already suppressed`);
    const row = await rows().where('s.suppressed_number_uuid', '=', created.suppressed_number_uuid).executeTakeFirstOrThrow();
    await audit(req, 'suppressed_number', row.suppressed_number_uuid, null, row);
    return reply.code(201).send({ suppressed_number: row });
  });

  app.delete('/suppressed_number/:id', { ...cfg, schema: { tags, params: IdParam, response: { 200: MessageBody } } }, async (req) => {
    const gone = orNotFound(await app.db.deleteFrom('suppressed_numbers as s').where('s.suppressed_number_uuid', '=', req.params.id).where(scope(req))
      .returning(['s.suppressed_number_uuid', 's.number', 's.company_uuid', 's.source']).executeTakeFirst(), 'Suppressed number');
    await audit(req, 'suppressed_number', gone.suppressed_number_uuid, gone, null);
    return { message: `${gone.number} can receive messages again` };
  });
}
