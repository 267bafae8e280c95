// Privacy requests about one phone number (docs/privacy.md): export and erasure across every domain's holder
// (privacy/holders.ts), and the blocks that keep an erased number from being messaged (the send pipeline asks).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PrivacyService } from './service';
import privacyRoutes from './routes';

export { PrivacyService, parsePhone } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** privacy requests, and the erased numbers' blocks the send pipeline asks */
    privacy: PrivacyService;
  }
}

export default fp(
  async function privacy(app: FastifyInstance) {
    const service = new PrivacyService(app.db, app.secrets.phoneHash);
    app.decorate('privacy', service);
    app.messaging.useErasures(service);
    await app.register(privacyRoutes, { service });
  },
  { name: 'privacy', dependencies: ['messaging'] },
);
