// The seam through which the spend and fraud guards (apps/api/src/guards, docs/guards.md) act on the
// pipeline. Messaging owns the shape and calls it; the guards plugin, registered after messaging,
// plugs its service in with messaging.useGuards(). Without it every send goes as before.
import type { RawBuilder, Transaction } from 'kysely';
import type { BlockReason } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { AccountSpend } from '../billing';

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
   * In the storing transaction, under the company's account lock (billing's reserveManyWith asks for its
   * amounts there; affordablePrefix and reserve take it): what the company's spend limits still allow
   * (micro-units), null when it has none. That lock lets one store of a company at a time through until it
   * commits, so two stores never both spend the last room. `need` (what the caller means to spend) and `spent`
   * (the spend record as the lock read it, billing's LockedAccount) let it answer without a read of its own
   * when that spend is far from the limits it cached.
   */
  spendRoom(
    trx: Transaction<Database>,
    company_uuid: string,
    need?: bigint,
    spent?: AccountSpend,
  ): Promise<bigint | null>;
  /**
   * The assignments that add `amount` (what the stored messages hold) to the spend record on the company's
   * account row: the charge hold's own update of that row makes them (billing's reserveManyWith), so recording
   * spend costs no statement or row. null: nothing to record (guards off).
   */
  spendRecord(company_uuid: string, amount: bigint): RawBuilder<unknown> | null;
  /** Told of the messages just stored queued (the pumping signals' windows); must not throw or block. */
  observe(
    company: { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null },
    sent: ObservedSend[],
  ): void;
  /**
   * After a charge was held and committed: the low-balance alert's check; must not throw. `account` is the
   * account as the hold left it (read under its lock in the storing transaction): with it the check needs
   * no read of its own unless the company's side of its threshold changed.
   */
  afterCharge(company_uuid: string, account?: ChargedAccount): void;
}

/** The spend record on a company's account row, as billing's account lock reads it (one type for both sides). */
export type { AccountSpend };

/** A company's account as a charge hold left it (micro-units). */
export interface ChargedAccount {
  balance: bigint;
  reserved: bigint;
  low_balance_threshold: bigint | null;
}

/** No guards: the pipeline as it was. */
export const NO_GUARDS: SendGuards = {
  view: async () => null,
  spendRoom: async () => null,
  spendRecord: () => null,
  observe: () => undefined,
  afterCharge: () => undefined,
};
