// Campaigns, keywords and ANI groups (docs/spec.md, "Campaigns"). Campaign runs go through the bulk job
// engine (bulk-port.ts); keywords act on incoming messages through messaging's useKeywords().
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import aniGroupRoutes from './ani-group-routes';
import aniGroupImportRoutes from './ani-group-import';
import keywordRoutes from './keyword-routes';
import campaignRoutes from './campaign-routes';
import { CampaignRunner } from './campaign-runner';
import { actOnKeyword } from './keyword-actions';
import { campaignOptOut } from './opt-out-limit';
import { groupNumbers } from './queries';

export { setBulkPort, bulkPortOf, type BulkPort, type BulkProgress, type BulkCreate } from './bulk-port';
export { groupNumbers };
export { companySenders } from './queries';
export { campaignRecipientsHeld } from './personal-data';
export { isTimeZone } from './engine/send-window';

export default fp(
  async function campaigns(app: FastifyInstance) {
    const { bulk, messaging } = app;
    app.decorate('campaignBulk', {
      create: (input) => bulk.create(input),
      run: (id) => bulk.run(id),
      hold: (id) => bulk.hold(id),
      stop: (id) => bulk.stop(id),
      progress: (id) => bulk.progress(id),
      campaignsOf: (ids) => bulk.campaignsOf(ids),
    });
    const runner = new CampaignRunner(app.db, () => app.campaignBulk);
    messaging.useKeywords(async (mo) => {
      await actOnKeyword(app.db, messaging, mo, (campaign_uuid, number) => runner.optIn(campaign_uuid, number));
    });
    // every committed STOP counts against the campaign that last wrote to the number (its opt-out limit)
    messaging.onOptOut((e) => campaignOptOut(app.db, app.campaignBulk, runner, e));
    // An ANI group's numbers are its rotating senders; a campaign's job keeps its zone's quiet hours while it runs.
    bulk.useCampaigns({
      sendersOf: (company_uuid, ani_group_uuid) => groupNumbers(app.db, company_uuid, ani_group_uuid),
      waitFor: async (b) => (b.campaign_uuid ? runner.waitFor(b.bulk_uuid, b.campaign_uuid) : null),
    });
    // a number back in stock sends for nobody: out of the company's ANI groups too (ordered ones go by cascade)
    app.numbers.onReturnedToStock(async (trx, did_uuids) => {
      await trx.deleteFrom('ani_group_numbers').where('did_uuid', 'in', did_uuids).execute();
    });
    await app.register(aniGroupRoutes);
    await app.register(aniGroupImportRoutes);
    await app.register(keywordRoutes);
    await app.register(campaignRoutes, { runner });
  },
  { name: 'campaigns', dependencies: ['numbers', 'messaging', 'bulk'] },
);
