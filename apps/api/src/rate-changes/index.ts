// Rate decks with a lifecycle and customer price notices (issue 49): a deck import is a pending change set,
// approved or rejected after its diff and margin impact are read; approved increases of a sell price wait
// for the customers' notice periods and leave them notices (console and mail). Needs the catalog (its decks),
// messaging (the traffic an impact is computed over) and the mail outbox.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { registerAttachmentKind } from '../mail';
import { noticeOf } from './queries';
import rateChangeRoutes, { noticeText } from './routes';
import { NOTICE_ATTACHMENT, RateChangeService } from './service';
import { MarkupService } from './markup-service';
import markupRoutes from './markup-routes';
import { sql } from 'kysely';

export { RateChangeService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** rate change sets and price notices */
    rateChanges: RateChangeService;
  }
}

export const rateChangesOf = (app: FastifyInstance): RateChangeService => apiOf(app).rateChanges;

export default fp(
  async function rateChanges(app: FastifyInstance) {
    const service = new RateChangeService(
      app.db,
      app.catalogRepository,
      app.catalog,
      app.messagingRepository,
      app.config.publicUrl,
    );
    app.decorate('rateChanges', service);
    // a notice mail's CSV is built when the outbox sends it (the row holds only the notice's id)
    registerAttachmentKind(NOTICE_ATTACHMENT, async (db, ref) => {
      const notice = await noticeOf(db, sql<boolean>`true`, ref);
      if (!notice) throw new Error(`price notice ${ref} no longer exists`);
      return {
        filename: 'price-changes.csv',
        content: Buffer.from(await noticeText({ db }, notice.change_set_uuid)),
        contentType: 'text/csv',
      };
    });
    await app.register(rateChangeRoutes, { service });
    await app.register(markupRoutes, {
      markup: new MarkupService(app.db, app.catalogRepository, service),
      changes: service,
    });
  },
  { name: 'rate-changes', dependencies: ['catalog', 'messaging'] },
);
