// Message content: SMS templates with their approval step, and recipients (docs/spec.md §7). The send
// pipeline asks approvedTemplate() whether a template may be sent and with which text.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import templateRoutes from './template-routes';
import recipientRoutes from './recipient-routes';
import recipientImportRoutes from './recipient-import';
import { approvedTemplate } from './queries';
import { contentRepository, type ContentRepository } from './repository';

export { approvedTemplate, parseRecipientNumber, type ApprovedTemplate } from './queries';
export { contentRepository, recipientRows, type ContentRepository } from './repository';
export { recipientsHeld } from './personal-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** message content's repository: what other domains read of templates and recipients */
    content: ContentRepository;
  }
}

export default fp(
  async function messagingContent(app: FastifyInstance) {
    app.decorate('content', contentRepository);
    // the address book fills a message's {name}: messaging, registered first, asks through this
    app.messaging.useRecipients(contentRepository.recipientOf);
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
