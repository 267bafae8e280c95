// A campaign holds itself when too many of its recipients text STOP (issue 52 item 4, docs/opt-outs.md): each
// committed STOP is put down to the campaign whose message the number last had from the company, and once the
// campaign's STOPs pass the company's limit (a share of its sent messages, after a minimum sent) it is held with a
// reason shown on it and an audit entry; a person runs it again when they choose.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { messagingRepository, policyOf, type OptOutNotice } from '../messaging';
import { recordAudit, type AuditActor } from '../security';
import type { BulkPort } from './bulk-port';
import { campaignProgress } from './campaign-progress';
import type { CampaignRunner } from './campaign-runner';

const NOBODY: AuditActor = { uuid: null, email: null, type: null, ip: null };
/** a STOP this long after the campaign's message is not put down to it */
const ATTRIBUTION_MS = 30 * 24 * 3600 * 1000;

/** Whether a campaign's STOPs pass the limit: more than `percent` of its sent messages, once `minSent` went out. */
export function passesLimit(optOuts: number, sent: number, percent: number, minSent: number): boolean {
  return sent >= minSent && optOuts * 100 > percent * sent;
}

export async function campaignOptOut(
  db: Kysely<Database>,
  port: BulkPort | null,
  runner: CampaignRunner,
  e: OptOutNotice,
): Promise<void> {
  // messaging knows which bulks last wrote to the number, bulk which campaign each bulk ran for
  const bulks = await messagingRepository.recentBulksTo(
    db,
    e.company_uuid,
    e.number,
    new Date(Date.now() - ATTRIBUTION_MS),
  );
  const campaigns = bulks.length && port?.campaignsOf ? await port.campaignsOf(bulks) : new Map<string, string>();
  const campaign_uuid = bulks.map((b) => campaigns.get(b)).find((c) => !!c);
  if (!campaign_uuid) return;
  const fresh = await db
    .insertInto('campaign_opt_outs')
    .values({ campaign_uuid, number: e.number })
    .onConflict((oc) => oc.columns(['campaign_uuid', 'number']).doNothing())
    .returning('number')
    .executeTakeFirst();
  if (!fresh) return;
  const c = await db.selectFrom('campaigns').selectAll().where('campaign_uuid', '=', campaign_uuid).executeTakeFirst();
  if (!c || c.status !== 'running') return;
  const [policy, progress, counted] = await Promise.all([
    policyOf(db, c.company_uuid),
    campaignProgress(db, port, c),
    db
      .selectFrom('campaign_opt_outs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_uuid', '=', campaign_uuid)
      .executeTakeFirstOrThrow(),
  ]);
  const optOuts = Number(counted.n);
  const sent = progress?.sent ?? 0;
  if (!passesLimit(optOuts, sent, policy.campaign_limit_percent, policy.campaign_min_sent)) return;
  const rate = ((optOuts * 100) / sent).toFixed(1);
  const reason = `Held automatically: ${optOuts} of ${sent} recipients (${rate}%) opted out, above the ${policy.campaign_limit_percent}% limit`;
  await runner.act(c, 'hold', null, reason);
  await recordAudit(
    db,
    NOBODY,
    'campaign',
    campaign_uuid,
    { company_uuid: c.company_uuid, status: 'running', pause_reason: null },
    { company_uuid: c.company_uuid, status: 'held', pause_reason: reason },
  );
}
