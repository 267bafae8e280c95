import type { FastifyInstance } from 'fastify';
import { IdParam, ListPage, MobileNetwork, MobileNetworkListQuery } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { readShared } from '../../lib/access';
import { orNotFound } from '../../lib/tenant';
import { listMobileNetworks, mobileNetwork } from '../mobile-network-store';

/** Mobile networks: reference data (mcc-mnc-list) every signed-in user may read. */
export default async function mobileNetworkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/mobile_network/list',
    {
      config: { access: readShared },
      schema: { tags: ['catalog'], querystring: MobileNetworkListQuery, response: { 200: ListPage(MobileNetwork) } },
    },
    async (req) => listMobileNetworks(app.db, req.query),
  );

  app.get(
    '/mobile_network/:id',
    {
      config: { access: readShared },
      schema: { tags: ['catalog'], params: IdParam, response: { 200: MobileNetwork } },
    },
    async (req) => orNotFound(await mobileNetwork(app.db, req.params.id), 'Mobile network'),
  );
}
