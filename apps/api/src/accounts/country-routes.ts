import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { AreaCode, AreaCodeListQuery, Country, CountryListQuery, IdParam, ListPage } from '@smsc/shared-contract';
import { readShared } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { countryRow, listAreaCodes, listCountries } from './country-reads';

// Reference data shared by every signed-in user.
const cfg = { config: { access: readShared } };

export default async function countryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/country/list',
    { ...cfg, schema: { tags: ['reference'], querystring: CountryListQuery, response: { 200: ListPage(Country) } } },
    async (req) => listCountries(app.db, req.query),
  );

  app.get(
    '/country/:id',
    { ...cfg, schema: { tags: ['reference'], params: IdParam, response: { 200: Country } } },
    async (req) => orNotFound(await countryRow(app.db, req.params.id), 'Country'),
  );

  app.get(
    '/area_code/list',
    { ...cfg, schema: { tags: ['reference'], querystring: AreaCodeListQuery, response: { 200: ListPage(AreaCode) } } },
    async (req) => listAreaCodes(app.db, req.query),
  );
}
