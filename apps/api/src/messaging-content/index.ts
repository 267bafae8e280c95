// Message content: SMS templates with their approval step, and recipients (spec §7). The send
// pipeline asks approvedTemplate() whether a template may be sent and with which text.
import type { FastifyInstance } from 'fastify';
import templateRoutes from './template-routes';
import recipientRoutes from './recipient-routes';
import recipientImportRoutes from './recipient-import';

export { approvedTemplate, type ApprovedTemplate } from './queries';

export default async function contentRoutes(app: FastifyInstance) {
  await app.register(templateRoutes);
  await app.register(recipientRoutes);
  await app.register(recipientImportRoutes);
}
