// The seam through which the spend and fraud guards (apps/api/src/guards, docs/guards.md) act on the
// pipeline. Messaging owns the shape and calls it; the guards plugin, registered after messaging,
// plugs its service in with messaging.useGuards(). Without it every send goes as before.
import type { Transaction } from 'kysely';
import type { BlockReason } from '@smsc/shared-contract';
import type { Database } from '../db/schema';

/** A number as the pipeline routes it: E.164 with the plus and its country (libphonenumber's). */
export interface Destination {
  e164: string;
  iso2: string | null;
}

/** What the guards know of one company, looked up once per send or batch (no writes). */
export interface GuardView {
  /** a refusal before any price for this destination (destination_not_allowed, pumping_suspected); null: allowed */
  check(dest: Destination): { reason: BlockReason; message: string } | null;
  /** the margin floor per part in micro-units (least-cost routing skips routes under it); null: none */
  minMarginMicros: number | null;
  /** the company has a daily or monthly spend limit: its stores ask spendRoom() in their transaction */
  limited: boolean;
}

/** A message just stored queued, as the pumping signals read it. */
export interface ObservedSend {
  sms_uuid: string;
  /** E.164 with the plus */
  dnis: string;
  text: string;
  segments: number;
  /** what the company pays for it (all its parts, micro-units) */
  price: bigint;
}

export interface SendGuards {
  /** the company's guards, or null when none apply (cached by the guards service) */
  view(company: {
    company_uuid: string;
    reseller_uuid: string | null;
    product_uuid: string | null;
  }): Promise<GuardView | null>;
  /**
   * In the storing transaction: what the company's spend limits still allow (micro-units), null when it
   * has none. Near a limit it serialises the company's stores until the transaction ends, so two batches
   * never both spend the same room; `need` (what the caller means to spend) lets it answer from a fresh
   * figure when that is far from the limits.
   */
  spendRoom(trx: Transaction<Database>, company_uuid: string, need?: bigint): Promise<bigint | null>;
  /** In the same transaction: adds what the stored messages hold to today's spend. */
  recordSpend(trx: Transaction<Database>, company_uuid: string, amount: bigint): Promise<void>;
  /** Told of the messages just stored queued (the pumping signals' windows); must not throw or block. */
  observe(
    company: { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null },
    sent: ObservedSend[],
  ): void;
  /** After a charge was held and committed: the low-balance alert's check; must not throw. */
  afterCharge(company_uuid: string): void;
}

/** No guards: the pipeline as it was. */
export const NO_GUARDS: SendGuards = {
  view: async () => null,
  spendRoom: async () => null,
  recordSpend: async () => undefined,
  observe: () => undefined,
  afterCharge: () => undefined,
};
