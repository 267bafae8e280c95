// Incoming messages: stored for the company holding the number, STOP/START acted on and confirmed, then
// handed to the listeners (DID webhooks) and to the keywords of the campaigns domain.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { parseDnis } from '../catalog';
import { findNumberOwner } from '../numbers';
import { countSegments } from './engine/segments';
import { matchOptWord, wordOf, type OptWord } from './engine/opt-out-words';
import type { OptOutLanguage } from '@smsc/shared-contract';
import { keywordSetsOf, languageFor, policyOf, recordOptIn, recordOptOut, type OptOutPolicy } from './opt-outs/store';
import type { CompanyFacts, MessagingHooks, ReceivedMessage } from './pipeline-types';
import type { Pipeline } from './pipeline';

/** A committed STOP: the number, the company and the number of the company it was texted to. */
export interface OptOutNotice {
  company_uuid: string;
  number: string;
  sender: string;
}

export class Inbound {
  /** told of every stored incoming message (not of repeats); they must not throw or block */
  readonly listeners: ((m: ReceivedMessage) => void)[] = [];
  /** what acts on an incoming non-STOP message to a company's number (the campaigns domain's keywords) */
  onReceive: MessagingHooks['onReceive'];
  /** told of every STOP after it is committed (the campaigns domain's opt-out limit); they must not throw */
  readonly optOutListeners: ((e: OptOutNotice) => Promise<void>)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly p: Pipeline,
  ) {}

  /**
   * A STOP texted to one of the company's numbers (a built-in word, or a company keyword whose action is stop):
   * suppressed in the company's scope with its consent event in one transaction, then the listeners are told.
   */
  async keywordOptOut(
    company: CompanyFacts,
    f: { number: string; sender: string; text: string; sms_uuid?: string | null; language?: OptOutLanguage | null },
    policy?: OptOutPolicy,
  ): Promise<void> {
    const scope = (policy ?? (await policyOf(this.db, company.company_uuid))).scope;
    await this.db.transaction().execute((trx) =>
      recordOptOut(trx, {
        ...f,
        company_uuid: company.company_uuid,
        reseller_uuid: company.reseller_uuid,
        source: 'keyword',
        scope,
        suppression: 'stop',
      }),
    );
    for (const listen of this.optOutListeners)
      listen({ company_uuid: company.company_uuid, number: f.number, sender: f.sender }).catch((e: Error) =>
        this.log.warn({ reason: e.message }, 'an opt-out listener failed'),
      );
  }

  /**
   * The opt word a message is for the company, in the language its sender's country picks (or the company's choice
   * for that country), with the set that answers it and the company's policy.
   */
  private async optWord(company: CompanyFacts, text: string, from: string) {
    if (wordOf(text).length > 40) return null;
    const [policy, sets] = await Promise.all([
      policyOf(this.db, company.company_uuid),
      keywordSetsOf(this.db, company.company_uuid),
    ]);
    const hit = matchOptWord(text, sets, languageFor(policy, parseDnis(from)?.iso2));
    return hit ? { ...hit, set: sets[hit.language], policy } : null;
  }

  /**
   * An incoming message: stored as received for the company (and user) holding the number it was sent
   * to; the company's STOP words (in any language, the sender's country's first) put the sender on its suppression
   * list in the company's scope, START words take it off, HELP words only answer; each is answered with the
   * company's reply in the language of the set it matched, and leaves a consent event (docs/opt-outs.md). A repeated report (same SMSC id) is
   * stored once.
   */
  async receive(mo: {
    from: string;
    to: string;
    text: string;
    smsc_id?: string | null;
    external_id?: string | null;
    /** a sandbox number's STOP (sandbox.ts): stored marked, and its confirmation sent in the sandbox too */
    sandbox?: boolean;
  }): Promise<{ sms_uuid: string | null; duplicate: boolean; keyword: OptWord | null }> {
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
        sandbox: !!mo.sandbox,
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
    const opt = owner && company ? await this.optWord(company, mo.text, from) : null;
    const keyword = opt?.kind ?? null;
    if (owner && company && opt) {
      const facts = {
        number: from,
        sender: owner.did,
        text: mo.text,
        sms_uuid: stored.sms_uuid,
        language: opt.language,
      };
      // committed before the gateway's report is answered: a STOP acknowledged is a STOP kept (zero sends after it)
      if (opt.kind === 'stop') await this.keywordOptOut(company, facts, opt.policy);
      else if (opt.kind === 'start')
        await this.db.transaction().execute((trx) =>
          recordOptIn(trx, {
            ...facts,
            company_uuid: company.company_uuid,
            reseller_uuid: company.reseller_uuid,
            source: 'keyword',
          }),
        );
      const text = opt.set[`${opt.kind}_reply`];
      try {
        await this.p.send({
          company_uuid: owner.company_uuid,
          user_uuid: null,
          ani: owner.did,
          dnis: from,
          text,
          system: true,
          sandbox: !!mo.sandbox,
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
