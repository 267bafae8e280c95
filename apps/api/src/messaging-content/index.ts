// Message content: SMS templates with their approval step, and recipients (docs/spec.md §7). The send
// pipeline asks approvedTemplate() whether a template may be sent and with which text.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import templateRoutes from './template-routes';
import recipientRoutes from './recipient-routes';
import recipientImportRoutes from './recipient-import';
import { approvedTemplate } from './queries';

export { approvedTemplate, parseRecipientNumber, type ApprovedTemplate } from './queries';

export default fp(
  async function messagingContent(app: FastifyInstance) {
    // The send pipeline's template check (messaging/service.ts MessagingHooks): only an approved template of
    // the sending company passes, and its stored text is what goes out, whatever text the caller sent.
    app.messaging.useTemplates(async ({ db, company_uuid, sms_template_uuid }) => {
      const t = await approvedTemplate(db, company_uuid, sms_template_uuid);
      return t.ok ? { ok: true, text: t.text } : { ok: false, message: t.message };
    });
    await app.register(templateRoutes);
    await app.register(recipientRoutes);
    await app.register(recipientImportRoutes);
  },
  { name: 'messaging-content', dependencies: ['messaging'] },
);
