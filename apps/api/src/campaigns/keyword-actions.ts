// What a matched keyword does to an incoming message (messaging's onReceive hook calls this).
import type { Kysely } from 'kysely';
import { CAMPAIGN_JOINABLE, type CampaignStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { MessagingService } from '../messaging';
import { DEFAULT_STOP_REPLY } from '../messaging';
import { matchKeyword } from './engine/keyword-match';

export interface IncomingMessage {
  company_uuid: string;
  did_uuid: string;
  did: string;
  from: string;
  text: string;
  sms_uuid?: string;
}

/**
 * What the sender is told when the keyword's campaign takes nobody now: the keyword's own "You are in…" would be
 * a lie (issue 45 item 6), so this replaces it.
 */
export function campaignClosedReply(campaign_name: string, status: CampaignStatus): string {
  return status === 'held'
    ? `Sorry, ${campaign_name} is paused at the moment, so you have not been added. Please try again later.`
    : `Sorry, ${campaign_name} has ended, so you have not been added.`;
}

/**
 * Runs the company's keyword the message matches, if any; answers the keyword's id (null: none matched).
 * optIn sends a running campaign's message to a number that joined it (CampaignRunner.optIn).
 */
export async function actOnKeyword(
  db: Kysely<Database>,
  messaging: MessagingService,
  mo: IncomingMessage,
  optIn?: (campaign_uuid: string, number: string) => Promise<void>,
): Promise<string | null> {
  const rules = await db
    .selectFrom('keywords')
    .select(['keyword_uuid', 'keyword', 'did_uuid', 'action', 'reply_text', 'campaign_uuid'])
    .where('company_uuid', '=', mo.company_uuid)
    .where('is_active', '=', true)
    .execute();
  const rule = matchKeyword(mo.text, mo.did_uuid, rules);
  if (!rule) return null;
  let reply = rule.reply_text;
  if (rule.action === 'stop') {
    // the built-in STOP's way: the company's scope, a consent event, the campaign opt-out limit
    await messaging.inbound.keywordOptOut(await messaging.facts.company(mo.company_uuid), {
      number: mo.from,
      sender: mo.did,
      text: mo.text,
      sms_uuid: mo.sms_uuid ?? null,
    });
    reply ||= DEFAULT_STOP_REPLY;
  } else if (rule.action === 'opt_in' && rule.campaign_uuid) {
    // Only a campaign of the same company (the keyword's check), and one that takes sign-ups now.
    const campaign = await db
      .selectFrom('campaigns')
      .select(['status', 'campaign_name'])
      .where('campaign_uuid', '=', rule.campaign_uuid)
      .where('company_uuid', '=', mo.company_uuid)
      .executeTakeFirst();
    if (campaign && CAMPAIGN_JOINABLE.includes(campaign.status)) {
      const added = await db
        .insertInto('campaign_recipients')
        .values({ campaign_uuid: rule.campaign_uuid, number: mo.from, source: 'keyword' })
        .onConflict((oc) => oc.columns(['campaign_uuid', 'number']).doNothing())
        .returning('number')
        .executeTakeFirst();
      // a number already in the campaign has had (or will have) its message: only a new one gets it now
      if (added && optIn) await optIn(rule.campaign_uuid, mo.from);
    } else if (campaign) {
      reply = campaignClosedReply(campaign.campaign_name, campaign.status);
    }
  }
  if (reply) {
    // From the number that received the keyword, like the built-in STOP confirmation.
    await messaging.pipeline.send({
      company_uuid: mo.company_uuid,
      user_uuid: null,
      ani: mo.did,
      dnis: mo.from,
      text: reply,
      system: true,
    });
  }
  return rule.keyword_uuid;
}
