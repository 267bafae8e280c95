import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { AreaCode, AreaCodeListQuery, Country, CountryListQuery, IdParam, ListPage } from '@smsc/shared-contract';
import { readShared } from '../lib/access';
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';

// Reference data shared by every signed-in user.
const cfg = { config: { access: readShared } };

export default async function countryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/country/list',
    { ...cfg, schema: { tags: ['reference'], querystring: CountryListQuery, response: { 200: ListPage(Country) } } },
    async (req) => {
      const q = req.query;
      let base = app.db.selectFrom('countries');
      if (q.nice_name) base = base.where('nice_name', 'ilike', wildcard(q.nice_name));
      const { col, dir } = ordering(q, ['nice_name', 'iso2'] as const, 'nice_name');
      return listPage(q, base.selectAll().orderBy(col, dir).orderBy('country_uuid'), base, 1000);
    },
  );

  app.get(
    '/country/:id',
    { ...cfg, schema: { tags: ['reference'], params: IdParam, response: { 200: Country } } },
    async (req) =>
      orNotFound(
        await app.db.selectFrom('countries').selectAll().where('country_uuid', '=', req.params.id).executeTakeFirst(),
        'Country',
      ),
  );

  app.get(
    '/area_code/list',
    { ...cfg, schema: { tags: ['reference'], querystring: AreaCodeListQuery, response: { 200: ListPage(AreaCode) } } },
    async (req) => {
      const q = req.query;
      let base = app.db.selectFrom('area_codes');
      if (q.country_uuid) base = base.where('country_uuid', '=', q.country_uuid);
      return listPage(q, base.selectAll().orderBy('code'), base, 1000);
    },
  );
}
