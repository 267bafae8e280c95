// Concatenated messages arrive as parts (UDH or SAR); the pipeline takes one message. Parts are held per
// account, source, destination and reference until all have come, then joined in order. Every part is
// answered at once with the id the whole message will be stored under (so a client that waits for each
// submit_sm_resp before the next part is not stuck, and all parts name one message and one receipt).
//
// The table is shared by every tenant of the process, so it is bounded per account first: one account that
// opens messages faster than it completes them (or never completes them) fills its own share and hears
// ESME_RMSGQFUL, while every other account keeps its own. The total cap is a safety net for memory, sized so
// that no single account can reach it (docs/security.md, "Per-tenant quotas").
import { randomUUID } from 'node:crypto';
import * as smpp from 'smpp';
import type { Part } from './pdu-codec';

/** Parts that are not all in after this long are dropped (docs/smpp.md). */
export const REASSEMBLY_TIMEOUT_MS = 60_000;
/** What short_message can carry: a longer part (message_payload with a UDH or SAR) is refused, not held. */
export const MAX_PART_CHARS = 254;

export interface ReassemblyLimits {
  /** incomplete messages one account may have open (SMPP_MULTIPART_OPEN_PER_ACCOUNT) */
  perAccount: number;
  /** incomplete messages of every account together (SMPP_MULTIPART_OPEN_TOTAL) */
  total: number;
  timeoutMs: number;
}

export const DEFAULT_REASSEMBLY_LIMITS: ReassemblyLimits = {
  perAccount: 300,
  total: 30_000,
  timeoutMs: REASSEMBLY_TIMEOUT_MS,
};

interface Open {
  account: string;
  sms_uuid: string;
  total: number;
  texts: Map<number, string>;
  wantsReceipt: boolean;
  timer: NodeJS.Timeout;
}

export type Added =
  { sms_uuid: string; complete: null } | { sms_uuid: string; complete: string; wantsReceipt: boolean };

/** Why a part was not taken: its account's share is full, the whole table is, or the part is too long. */
export type Refused = { refused: 'account_full' | 'table_full' | 'part_too_long' };

/** The submit_sm_resp status of a refused part: too long is the part's fault, a full table a wait. */
export const statusOfRefusal = (r: Refused): number =>
  r.refused === 'part_too_long' ? smpp.errors.ESME_RINVMSGLEN : smpp.errors.ESME_RMSGQFUL;

export class Reassembler {
  private readonly open = new Map<string, Open>();
  /** incomplete messages per account */
  private readonly perAccount = new Map<string, number>();
  private readonly limits: ReassemblyLimits;

  constructor(
    limits: Partial<ReassemblyLimits> = {},
    private readonly onDrop: (key: string, got: number, total: number) => void = () => undefined,
  ) {
    const d = DEFAULT_REASSEMBLY_LIMITS;
    this.limits = {
      perAccount: limits.perAccount ?? d.perAccount,
      total: limits.total ?? d.total,
      timeoutMs: limits.timeoutMs ?? d.timeoutMs,
    };
  }

  get size(): number {
    return this.open.size;
  }

  /** Incomplete messages the account has open now. */
  openOf(account: string): number {
    return this.perAccount.get(account) ?? 0;
  }

  private forget(k: string, o: Open): void {
    clearTimeout(o.timer);
    this.open.delete(k);
    const n = this.openOf(o.account) - 1;
    if (n > 0) this.perAccount.set(o.account, n);
    else this.perAccount.delete(o.account);
  }

  /**
   * Adds a part of the account's message `key` (source, destination); answers the whole message's text once its
   * last part is in, or why the part was refused.
   */
  add(account: string, key: string, part: Part, text: string, wantsReceipt: boolean): Added | Refused {
    if (text.length > MAX_PART_CHARS) return { refused: 'part_too_long' };
    const k = `${account}|${key}|${part.ref}|${part.total}`;
    let o = this.open.get(k);
    if (!o) {
      if (this.openOf(account) >= this.limits.perAccount) return { refused: 'account_full' };
      if (this.open.size >= this.limits.total) return { refused: 'table_full' };
      const timer = setTimeout(() => {
        const gone = this.open.get(k);
        if (!gone) return;
        this.forget(k, gone);
        this.onDrop(k, gone.texts.size, gone.total);
      }, this.limits.timeoutMs);
      timer.unref();
      o = { account, sms_uuid: randomUUID(), total: part.total, texts: new Map(), wantsReceipt: false, timer };
      this.open.set(k, o);
      this.perAccount.set(account, this.openOf(account) + 1);
    }
    o.texts.set(part.seq, text);
    // registered_delivery may be set on the last part only (or on every part): any part asking counts
    o.wantsReceipt ||= wantsReceipt;
    if (o.texts.size < o.total) return { sms_uuid: o.sms_uuid, complete: null };
    this.forget(k, o);
    const joined = Array.from({ length: o.total }, (_, i) => o.texts.get(i + 1) ?? '').join('');
    return { sms_uuid: o.sms_uuid, complete: joined, wantsReceipt: o.wantsReceipt };
  }

  clear(): void {
    for (const o of this.open.values()) clearTimeout(o.timer);
    this.open.clear();
    this.perAccount.clear();
  }
}
