import type { FastifyInstance } from 'fastify';
import { IdParam, ListPage, MobileNetwork, MobileNetworkListQuery } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { readShared } from '../../lib/access';
import { wildcard, listPage } from '../../lib/list';
import { orNotFound } from '../../lib/tenant';

/** Mobile networks: reference data (mcc-mnc-list) every signed-in user may read. */
export default async function mobileNetworkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/mobile_network/list',
    {
      config: { access: readShared },
      schema: { tags: ['catalog'], querystring: MobileNetworkListQuery, response: { 200: ListPage(MobileNetwork) } },
    },
    async (req) => {
      const q = req.query;
      let list = app.db.selectFrom('mobile_networks');
      if (q.iso3) list = list.where('iso3', '=', q.iso3.toUpperCase());
      if (q.mcc) list = list.where('mcc', '=', q.mcc);
      if (q.network_name) list = list.where('network_name', 'ilike', wildcard(q.network_name));
      for (const word of (q.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
        const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        list = list.where((eb) =>
          eb.or([
            eb('country_name', 'ilike', like),
            eb('network_name', 'ilike', like),
            eb('operator', 'ilike', like),
            eb('iso3', '=', word.toUpperCase()),
            eb('iso2', '=', word.toUpperCase()),
            eb('mcc', 'like', `${word.replace(/\D/g, '') || 'x'}%`),
          ]),
        );
      }
      return listPage(
        q,
        list.selectAll().orderBy('country_name').orderBy('network_name').orderBy('mobile_network_uuid'),
        list,
      );
    },
  );

  app.get(
    '/mobile_network/:id',
    {
      config: { access: readShared },
      schema: { tags: ['catalog'], params: IdParam, response: { 200: MobileNetwork } },
    },
    async (req) =>
      orNotFound(
        await app.db
          .selectFrom('mobile_networks')
          .selectAll()
          .where('mobile_network_uuid', '=', req.params.id)
          .executeTakeFirst(),
        'Mobile network',
      ),
  );
}
