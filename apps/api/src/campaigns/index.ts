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
import { bulkPortOf } from './bulk-port';

export { setBulkPort, bulkPortOf, type BulkPort, type BulkProgress, type BulkCreate } from './bulk-port';
export { groupNumbers } from './queries';

export default async function campaignsRoutes(app: FastifyInstance) {
  if (app.hasDecorator('messaging')) {
    const { messaging } = messagingOf(app);
    messaging.hooks.onReceive = async (mo) => { await actOnKeyword(app.db, messaging, mo); };
  }
  const runner = new CampaignRunner(app.db, () => bulkPortOf(app));
  await app.register(aniGroupRoutes);
  await app.register(aniGroupImportRoutes);
  await app.register(keywordRoutes);
  await app.register(campaignRoutes, { runner });
}
