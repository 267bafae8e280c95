// Campaigns, keywords and ANI groups (spec §7). Campaign runs go through the bulk job engine
// (bulk-port.ts); keywords act on incoming messages through messaging's onReceive hook.
import type { FastifyInstance } from 'fastify';
import { messagingOf } from '../messaging';
import aniGroupRoutes from './ani-group-routes';
import aniGroupImportRoutes from './ani-group-import';
import keywordRoutes from './keyword-routes';
import campaignRoutes from './campaign-routes';
import { CampaignRunner } from './campaign-runner';
import { actOnKeyword } from './keyword-actions';
import { bulkPortOf, setBulkPort } from './bulk-port';
import { bulkOf } from '../bulk';
import { groupNumbers } from './queries';

export { setBulkPort, bulkPortOf, type BulkPort, type BulkProgress, type BulkCreate } from './bulk-port';
export { groupNumbers };

export default async function campaignsRoutes(app: FastifyInstance) {
  const runner = new CampaignRunner(app.db, () => bulkPortOf(app));
  if (app.hasDecorator('messaging')) {
    const { messaging } = messagingOf(app);
    messaging.hooks.onReceive = async (mo) => { await actOnKeyword(app.db, messaging, mo, (campaign_uuid, number) => runner.optIn(campaign_uuid, number)); };
  }
  // The bulk engine sends campaigns; an ANI group's numbers are its rotating senders; a campaign's
  // job keeps its zone's quiet hours while it runs.
  const bulk = bulkOf(app);
  bulk.hooks.sendersOf = (company_uuid, ani_group_uuid) => groupNumbers(app.db, company_uuid, ani_group_uuid);
  bulk.hooks.waitFor = async (b) => (b.campaign_uuid ? runner.waitFor(b.bulk_uuid, b.campaign_uuid) : null);
  setBulkPort(app, {
    create: (input) => bulk.create(input),
    run: (id) => bulk.run(id),
    hold: (id) => bulk.hold(id),
    stop: (id) => bulk.stop(id),
    progress: (id) => bulk.progress(id),
  });
  await app.register(aniGroupRoutes);
  await app.register(aniGroupImportRoutes);
  await app.register(keywordRoutes);
  await app.register(campaignRoutes, { runner });
}
