// Single sends (POST /sms) arrive one request each, and every send of a company takes its account's
// row lock until its own commit: one company's sends queued on that lock, a commit each, and stayed
// near 200 a second however many arrived at once. Here the sends of a company that arrive while its
// previous batch is being stored wait and go together: one transaction, one account lock, one commit
// (group commit). Nothing waits for a timer, so a lone send is stored as soon as it arrives; each
// request still hears its own message's outcome, after its commit.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { HttpError } from '../lib/http-error';
import type { Decision } from './engine/pipeline';
import { GroupCommit } from '../lib/group-commit';
import { storeBatch, type CompanyFacts, type Judged } from './batch';
import type { ChargedAccount, SendGuards } from './guard-port';

import { claimKeys, dropKeys, keyOf, linkKeys, type Idempotency } from './idempotency';

export type { Idempotency };
export interface PendingSend {
  judged: Judged;
  idempotency?: Idempotency;
}
export type SendOutcome =
  /** `account`: the company's account as its batch's holds left it */
  | { kind: 'stored'; sms_uuid: string; account: ChargedAccount | null }
  /** the Idempotency-Key was used before with the same message: the first one's id */
  | { kind: 'replay'; sms_uuid: string }
  /** stored blocked: the balance did not cover it when its batch was stored */
  | { kind: 'refused'; sms_uuid: string; decision: Extract<Decision, { ok: false }> }
  | { kind: 'error'; error: HttpError };

interface Waiting {
  company: CompanyFacts;
  send: PendingSend;
}

/** Claims the batch's Idempotency-Keys; a send whose key was used before gets its answer in `out`. */
async function claimBatchKeys(trx: Transaction<Database>, sends: Waiting[], out: Map<Waiting, SendOutcome>) {
  const keyed = sends.filter((w) => w.send.idempotency);
  const claims = await claimKeys(
    trx,
    keyed.map((w) => w.send.idempotency as Idempotency),
  );
  keyed.forEach((w, n) => {
    const claim = claims[n];
    if (claim.kind !== 'claimed') out.set(w, claim);
  });
}

/** Stores one batch of a company's sends in the caller's transaction; answers each send's outcome. */
async function storeSends(
  trx: Transaction<Database>,
  company: CompanyFacts,
  sends: Waiting[],
  guards: SendGuards,
): Promise<Map<Waiting, SendOutcome>> {
  const out = new Map<Waiting, SendOutcome>();
  await claimBatchKeys(trx, sends, out);
  const fresh = sends.filter((w) => !out.has(w));
  const { stored, account } = await storeBatch(
    trx,
    company,
    null,
    fresh.map((w) => w.send.judged),
    guards,
  );
  const link: { user_uuid: string; key: string; sms_uuid: string }[] = [];
  const unclaim: { user_uuid: string; key: string }[] = [];
  for (const [i, w] of fresh.entries()) {
    const s = stored[i];
    const idem = w.send.idempotency;
    if (s.refused) {
      out.set(w, { kind: 'refused', sms_uuid: s.sms_uuid, decision: s.refused });
      // a refused send keeps no claim: a retry with the same key (after a top-up) may send
      if (idem) unclaim.push({ user_uuid: idem.user_uuid, key: idem.key });
    } else {
      out.set(w, { kind: 'stored', sms_uuid: s.sms_uuid, account });
      if (idem) link.push({ user_uuid: idem.user_uuid, key: idem.key, sms_uuid: s.sms_uuid });
    }
  }
  await linkKeys(trx, link);
  await dropKeys(trx, unclaim);
  return out;
}

export class SendBatcher {
  private groups = new Map<string, GroupCommit<Waiting, SendOutcome>>();

  constructor(
    private readonly db: Kysely<Database>,
    /** the guards in effect (they are plugged in after the service is made) */
    private readonly guards: () => SendGuards,
    private readonly opts: { maxBatch: number } = { maxBatch: 200 },
  ) {}

  add(company: CompanyFacts, send: PendingSend): Promise<SendOutcome> {
    const id = company.company_uuid;
    let group = this.groups.get(id);
    if (!group) {
      // a company's group lives while its sends keep coming; the next burst starts a fresh one
      const created = new GroupCommit<Waiting, SendOutcome>(
        // a batch is stored with the facts its first send came with
        (batch) =>
          this.db.transaction().execute(async (trx) => {
            const outcomes = await storeSends(trx, batch[0].company, batch, this.guards());
            return batch.map((w) => outcomes.get(w) as SendOutcome);
          }),
        {
          maxBatch: this.opts.maxBatch,
          // one send per Idempotency-Key per batch: a twin waits for the next batch and finds the first stored
          keyOf: (w) => (w.send.idempotency ? keyOf(w.send.idempotency) : undefined),
          onIdle: () => void (this.groups.get(id) === created && this.groups.delete(id)),
        },
      );
      group = created;
      this.groups.set(id, group);
    }
    return group.add({ company, send });
  }
}
