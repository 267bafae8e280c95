// Brands (white label, issue #48; docs/branding.md): a brand per reseller and the platform's own, the host names
// a reseller proves through DNS (the port in dns-port.ts, the built-in simulator by default), and the brand a
// request's host is served in: the console's HTML (plugins/static-web.ts asks through useShellBrand), mails
// (mail/compose.ts reads effectiveBrand) and self sign-ups (accounts/registration-routes.ts asks brandsOf(app).forHost).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { BrandService } from './service';
import { SimulatedDns } from './dns-simulator';
import type { DnsResolver } from './dns-port';
import brandingRoutes from './routes';
import { brandShellHtml } from './shell-html';

export { BrandService, type HostBrand } from './service';
export { effectiveBrand, BUILT_IN } from './queries';
export { CompanyBrandNames } from './company-brand-names';
export { WebhookAgents, brandUserAgent } from './webhook-agents';
export { API_TITLE, brandedDocs } from './docs-title';
export { DnsUnavailable, type DnsResolver } from './dns-port';
export { SimulatedDns } from './dns-simulator';
export { brandShellHtml, BRAND_META } from './shell-html';

declare module 'fastify' {
  interface FastifyInstance {
    /** brands, their host names and the brand of a host */
    brands: BrandService;
  }
}

export const brandsOf = (app: FastifyInstance): BrandService => apiOf(app).brands;

export default fp(
  async function branding(app: FastifyInstance, opts: { dns?: DnsResolver } = {}) {
    const simulator = opts.dns ? undefined : new SimulatedDns();
    const service = new BrandService(app.db, opts.dns ?? (simulator as SimulatedDns), simulator);
    app.decorate('brands', service);
    // The console's pages on a reseller's verified host carry its brand from the first byte. The operator's own
    // host keeps the pages the build wrote (prerendered, precached by the service worker); its platform brand
    // shows once signed in (GET /brand), in mails and on invoices.
    app.useShellBrand?.(async (host) => {
      const { reseller_uuid, brand } = await service.forHost(host);
      if (!reseller_uuid) return undefined;
      return { key: JSON.stringify(brand), render: (html: string) => brandShellHtml(html, brand) };
    });
    await app.register(brandingRoutes, { service });
  },
  { name: 'branding' },
);
