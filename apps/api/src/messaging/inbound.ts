// Incoming messages: stored for the company holding the number, STOP/START acted on and confirmed, then
// handed to the listeners (DID webhooks) and to the keywords of the campaigns domain.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { parseDnis } from '../catalog';
import { findNumberOwner } from '../numbers';
import { countSegments } from './engine/segments';
import { DEFAULT_START_REPLY, DEFAULT_STOP_REPLY, optKeyword } from './engine/keywords';
import type { CompanyFacts, MessagingHooks, ReceivedMessage, SendInput } from './pipeline-types';

/** What incoming messages use of the send pipeline. */
export interface InboundPipeline {
  company(company_uuid: string): Promise<CompanyFacts>;
  send(input: SendInput): Promise<{ sms_uuid: string; replay: boolean }>;
}

export class Inbound {
  /** told of every stored incoming message (not of repeats); they must not throw or block */
  readonly listeners: ((m: ReceivedMessage) => void)[] = [];
  /** what acts on an incoming non-STOP message to a company's number (the campaigns domain's keywords) */
  onReceive: MessagingHooks['onReceive'];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly p: InboundPipeline,
  ) {}

  /**
   * An incoming message: stored as received for the company (and user) holding the number it was sent
   * to; STOP-like keywords put the sender on the company's suppression list, START-like ones take it
   * off, each answered with the company's confirmation text. A repeated report (same SMSC id) is
   * stored once.
   */
  async receive(mo: {
    from: string;
    to: string;
    text: string;
    smsc_id?: string | null;
    external_id?: string | null;
  }): Promise<{ sms_uuid: string | null; duplicate: boolean; keyword: 'stop' | 'start' | null }> {
    const external_id = mo.external_id || null;
    const smsc_id = mo.smsc_id || null;
    if (external_id) {
      const seen = await this.db
        .selectFrom('sms')
        .select('sms_uuid')
        .where('is_received', '=', true)
        .where('external_id', '=', external_id)
        .where(sql<boolean>`smsc_id is not distinct from ${smsc_id}`)
        .executeTakeFirst();
      if (seen) return { sms_uuid: seen.sms_uuid, duplicate: true, keyword: null };
    }
    const owner = await findNumberOwner(this.db, mo.to);
    const company = owner ? await this.p.company(owner.company_uuid) : null;
    const norm = (n: string) => {
      const p = parseDnis(n);
      return p ? `+${p.digits}` : n.trim();
    };
    const from = norm(mo.from);
    const seg = countSegments(mo.text);
    const stored = await this.db
      .insertInto('sms')
      .values({
        company_uuid: company?.company_uuid ?? null,
        reseller_uuid: company?.reseller_uuid ?? null,
        user_uuid: owner?.user_uuid ?? null,
        is_received: true,
        ani: from,
        dnis: owner?.did ?? norm(mo.to),
        text: mo.text,
        status: 'received',
        segments: seg.segments,
        encoding: seg.encoding,
        smsc_id,
        external_id,
      })
      .returning(['sms_uuid', 'dnis', 'created_on'])
      .executeTakeFirstOrThrow();
    for (const listen of this.listeners) {
      try {
        listen({
          sms_uuid: stored.sms_uuid,
          company_uuid: company?.company_uuid ?? null,
          from,
          to: stored.dnis,
          text: mo.text,
          received_on: stored.created_on,
        });
      } catch (e) {
        this.log.error({ err: (e as Error).message }, 'a listener of incoming messages failed');
      }
    }
    const keyword = owner ? optKeyword(mo.text) : null;
    if (owner && keyword) {
      if (keyword === 'stop') {
        await this.db
          .insertInto('suppressed_numbers')
          .values({ company_uuid: owner.company_uuid, number: from, source: 'stop' })
          .onConflict((oc) => oc.columns(['company_uuid', 'number']).doNothing())
          .execute();
      } else {
        // START lifts a STOP; a number the company suppressed by hand stays suppressed.
        await this.db
          .deleteFrom('suppressed_numbers')
          .where('company_uuid', '=', owner.company_uuid)
          .where('number', '=', from)
          .where('source', '=', 'stop')
          .execute();
      }
      const settings = await this.db
        .selectFrom('messaging_settings')
        .select(['stop_reply', 'start_reply'])
        .where('company_uuid', '=', owner.company_uuid)
        .executeTakeFirst();
      const text =
        keyword === 'stop' ? settings?.stop_reply || DEFAULT_STOP_REPLY : settings?.start_reply || DEFAULT_START_REPLY;
      try {
        await this.p.send({
          company_uuid: owner.company_uuid,
          user_uuid: null,
          ani: owner.did,
          dnis: from,
          text,
          system: true,
        });
      } catch (e) {
        // The opt-out itself stands; the confirmation is stored blocked with its reason (e.g. no_money).
        this.log.warn({ reason: (e as Error).message }, 'opt-out confirmation not sent');
      }
    } else if (owner && this.onReceive) {
      try {
        await this.onReceive({
          company_uuid: owner.company_uuid,
          did_uuid: owner.did_uuid,
          did: owner.did,
          from,
          text: mo.text,
          sms_uuid: stored.sms_uuid,
        });
      } catch (e) {
        // The message is stored whatever a keyword's action does.
        this.log.warn({ reason: (e as Error).message }, 'incoming message hook failed');
      }
    }
    return { sms_uuid: stored.sms_uuid, duplicate: false, keyword };
  }
}
