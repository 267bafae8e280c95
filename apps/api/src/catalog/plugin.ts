import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogCache } from './cache';
import { catalogRepository, type CatalogRepository } from './repository';
import vendorRoutes from './routes/vendors';
import mobileNetworkRoutes from './routes/mobile-networks';
import rateTableRoutes from './routes/rate-tables';
import rateRoutes from './routes/rates';
import routingRoutes from './routes/routing';
import productRoutes from './routes/products';
import rateImportRoutes from './routes/rate-import';
import smscRoutes from './smsc/routes';
import rateExportRoutes from './routes/rate-export';

declare module 'fastify' {
  interface FastifyInstance {
    /** the compiled catalog of this process (rating engine input), reloaded when the catalog changes */
    catalog: CatalogCache;
    /** the catalog's repository: what other domains read of its tables */
    catalogRepository: CatalogRepository;
  }
}

/** The catalog's calls; the cache is decorated on the routes context so other domains' routes (messaging) share it. */
export default fp(
  async function catalog(app: FastifyInstance) {
    app.decorate('catalog', new CatalogCache(app.db, app.config.catalogCheckMs));
    app.decorate('catalogRepository', catalogRepository);
    for (const plugin of [
      vendorRoutes,
      mobileNetworkRoutes,
      rateTableRoutes,
      rateRoutes,
      routingRoutes,
      productRoutes,
      rateImportRoutes,
      rateExportRoutes,
      smscRoutes,
    ])
      await app.register(plugin);
  },
  { name: 'catalog' },
);
