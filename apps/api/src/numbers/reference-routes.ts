import type { FastifyInstance } from 'fastify';
import { Lata, ListPage, NanpState, Npa, NpaListQuery, TfPrefix } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { readShared } from '../lib/access';
import { latas, nanp, tollFreePrefixes } from './nanp';

const cfg = { config: { access: readShared } };
const tags = ['numbers'];
/** Reference lists are short and answered whole, in the list shape of docs/spec.md §7. */
const whole = <T>(items: T[]) => ({ items, total: items.length, per_page: Math.max(items.length, 1) });

export default async function referenceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get('/state/list', { ...cfg, schema: { tags, response: { 200: ListPage(NanpState) } } }, async () =>
    whole(
      [...nanp().states.values()]
        .map((s) => ({ code: s.code, name: s.name, country: s.country, npa_count: s.npas.length }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ),
  );
  app.get(
    '/npa/list',
    { ...cfg, schema: { tags, querystring: NpaListQuery, response: { 200: ListPage(Npa) } } },
    async (req) => {
      const state = req.query.state?.toUpperCase();
      return whole(
        [...nanp().npas.values()]
          .filter((n) => !state || n.state === state)
          .map((n) => ({ npa: n.npa, state: n.state, place: n.place }))
          .sort((a, b) => a.npa.localeCompare(b.npa)),
      );
    },
  );
  app.get('/lata/list', { ...cfg, schema: { tags, response: { 200: ListPage(Lata) } } }, async () =>
    whole(latas().map((l) => ({ ...l, npas: [...l.npas] }))),
  );
  app.get('/tf_prefix/list', { ...cfg, schema: { tags, response: { 200: ListPage(TfPrefix) } } }, async () =>
    whole(tollFreePrefixes().map((prefix) => ({ prefix }))),
  );
}
