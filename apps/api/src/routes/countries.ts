import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { sql } from 'kysely';
import { AreaCode, AreaCodeListQuery, Country, CountryListQuery, IdParam, ListPage } from '@smsc/shared-contract';
import { readShared } from '../lib/access';
import { paging, ordering, wildcard } from '../lib/list';
import { orNotFound } from '../lib/tenant';

// Reference data shared by every signed-in user.
const cfg = { config: { access: readShared } };

export default async function countryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get('/country/list', { ...cfg, schema: { tags: ['reference'], querystring: CountryListQuery, response: { 200: ListPage(Country) } } }, async (req) => {
    const q = req.query;
    let base = app.db.selectFrom('countries');
    if (q.nice_name) base = base.where('nice_name', 'ilike', wildcard(q.nice_name));
    const { per_page, offset } = paging(q, 1000);
    const { col, dir } = ordering(q, ['nice_name', 'iso2'] as const, 'nice_name');
    const [items, total] = await Promise.all([
      base.selectAll().orderBy(col, dir).orderBy('country_uuid').limit(per_page).offset(offset).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n, per_page };
  });

  app.get('/country/:id', { ...cfg, schema: { tags: ['reference'], params: IdParam, response: { 200: Country } } }, async (req) =>
    orNotFound(await app.db.selectFrom('countries').selectAll().where('country_uuid', '=', req.params.id).executeTakeFirst(), 'Country'));

  app.get('/area_code/list', { ...cfg, schema: { tags: ['reference'], querystring: AreaCodeListQuery, response: { 200: ListPage(AreaCode) } } }, async (req) => {
    const q = req.query;
    let base = app.db.selectFrom('area_codes');
    if (q.country_uuid) base = base.where('country_uuid', '=', q.country_uuid);
    const { per_page, offset } = paging(q, 1000);
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('code').limit(per_page).offset(offset).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n, per_page };
  });
}
