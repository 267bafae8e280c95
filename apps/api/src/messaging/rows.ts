// Messages as a relation other domains read beside their own tables in one statement (bulk's recipients, SMPP's
// receipt deliveries, the expiry sweep), as accounts/rows.ts does for companies: a plain sub-select, which
// PostgreSQL pulls up into the join, so the plan is the one the table itself gets. Reads only: a write to a
// message is a call into this domain.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { OutboundMessage } from '../lib/sms-gateway';

export type MessageRow = Selectable<Database['sms']>;

export const smsRows = sql<MessageRow>`(select * from sms)`;

/**
 * Up to `limit` messages of a bulk stored but never handed over (their worker died between the commit and the
 * gateway) whose lease has run out: each is leased again for `seconds`, by one worker (skip locked), and answered
 * in doubt (the dead worker may have handed it over before it died).
 */
export async function leaseOrphans(
  db: Kysely<Database>,
  bulk_uuid: string,
  limit: number,
  seconds: number,
): Promise<OutboundMessage[]> {
  return (
    await sql<OutboundMessage>`with o as (
      select sms_uuid from sms where bulk_uuid = ${bulk_uuid} and status = 'queued' and bulk_lease < now() limit ${limit} for update skip locked)
    update sms s set bulk_lease = now() + make_interval(secs => ${seconds}) from o where s.sms_uuid = o.sms_uuid
    returning s.sms_uuid, s.ani, s.dnis, s.text, s.segments, s.encoding, s.vendor_product_uuid, true as in_doubt`.execute(
      db,
    )
  ).rows;
}
