// Concatenated messages arrive as parts (UDH or SAR); the pipeline takes one message. Parts are held per
// account, source, destination and reference until all have come, then joined in order. Every part is
// answered at once with the id the whole message will be stored under (so a client that waits for each
// submit_sm_resp before the next part is not stuck, and all parts name one message and one receipt).
import { randomUUID } from 'node:crypto';
import type { Part } from './pdu-codec';

/** Parts that are not all in after this long are dropped (docs/smpp.md). */
export const REASSEMBLY_TIMEOUT_MS = 60_000;
const MAX_OPEN = 10_000;

interface Open {
  sms_uuid: string;
  total: number;
  texts: Map<number, string>;
  wantsReceipt: boolean;
  timer: NodeJS.Timeout;
}

export type Added =
  { sms_uuid: string; complete: null } | { sms_uuid: string; complete: string; wantsReceipt: boolean };

export class Reassembler {
  private readonly open = new Map<string, Open>();

  constructor(
    private readonly timeoutMs = REASSEMBLY_TIMEOUT_MS,
    private readonly onDrop: (key: string, got: number, total: number) => void = () => undefined,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /** Adds a part; answers the whole message's text once its last part is in. Null: too many open messages. */
  add(key: string, part: Part, text: string, wantsReceipt: boolean): Added | null {
    const k = `${key}|${part.ref}|${part.total}`;
    let o = this.open.get(k);
    if (!o) {
      if (this.open.size >= MAX_OPEN) return null;
      const timer = setTimeout(() => {
        const gone = this.open.get(k);
        this.open.delete(k);
        if (gone) this.onDrop(k, gone.texts.size, gone.total);
      }, this.timeoutMs);
      timer.unref();
      o = { sms_uuid: randomUUID(), total: part.total, texts: new Map(), wantsReceipt: false, timer };
      this.open.set(k, o);
    }
    o.texts.set(part.seq, text);
    // registered_delivery may be set on the last part only (or on every part): any part asking counts
    o.wantsReceipt ||= wantsReceipt;
    if (o.texts.size < o.total) return { sms_uuid: o.sms_uuid, complete: null };
    clearTimeout(o.timer);
    this.open.delete(k);
    const joined = Array.from({ length: o.total }, (_, i) => o.texts.get(i + 1) ?? '').join('');
    return { sms_uuid: o.sms_uuid, complete: joined, wantsReceipt: o.wantsReceipt };
  }

  clear(): void {
    for (const o of this.open.values()) clearTimeout(o.timer);
    this.open.clear();
  }
}
