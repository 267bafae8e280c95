// One phone number on campaigns' recipient lists, for privacy requests (lib/personal-data.ts): taken off them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PersonalDataHolder } from '../lib/personal-data';
import { ofCompany, visibleRows, type CallerScope } from '../lib/tenancy';

const campaignsOf = (db: Kysely<Database>, scope: CallerScope) =>
  db
    .selectFrom('campaigns')
    .select('campaign_uuid')
    .where(visibleRows(scope, ofCompany('campaigns')));

export const campaignRecipientsHeld: PersonalDataHolder = {
  name: 'campaign_recipients',
  async find(db, scope, { e164 }) {
    return db
      .selectFrom('campaign_recipients')
      .select(['campaign_uuid', 'number', 'source', 'created_on'])
      .where('campaign_uuid', 'in', campaignsOf(db, scope))
      .where('number', '=', e164)
      .execute();
  },
  async erase(trx, scope, { e164 }) {
    const r = await trx
      .deleteFrom('campaign_recipients')
      .where('campaign_uuid', 'in', campaignsOf(trx, scope))
      .where('number', '=', e164)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
