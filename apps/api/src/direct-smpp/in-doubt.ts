// Messages a stopped process may already have handed to the carrier (a bulk's orphans, leased again after a
// SIGKILL): the killed process wrote the submit_sm, the carrier took it, and its answer (the carrier's id) died
// with the process. SMPP has no idempotent submit, so sending it again reaches the handset twice. Instead such a
// message waits a while for the carrier to say it has it: the carrier delivers the receipts the killed binds never
// answered to the new binds, and a receipt whose id we never had names its message by its addresses (the handset
// as its source, our sender as its destination). Only a message no receipt claims in that time goes out again.
import type { OutboundMessage } from '../lib/sms-gateway';

interface Waiting {
  sms_uuid: string;
  key: string;
  timer: NodeJS.Timeout;
  /** true: the carrier has it; false: nothing named it in time */
  settle: (carrierHasIt: boolean) => void;
}

/** A number as a submit_sm carries it (no "+"); an alphanumeric sender in one case. */
const address = (a: string) => a.trim().replace(/^\+/, '').toLowerCase();

/** Which waiting message a receipt names: its link, the handset (the message's dnis), the sender (its ani). */
const keyOf = (smsc_id: string, handset: string, sender: string) =>
  `${smsc_id}\u0000${address(handset)}\u0000${address(sender)}`;

export class InDoubt {
  private byKey = new Map<string, Waiting[]>();
  private bySms = new Map<string, Waiting>();

  get size() {
    return this.bySms.size;
  }

  /** Resolves true when a receipt claims the message within `ms`, false when none did. */
  wait(smsc_id: string, msg: OutboundMessage, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const key = keyOf(smsc_id, msg.dnis, msg.ani);
      const w: Waiting = {
        sms_uuid: msg.sms_uuid,
        key,
        timer: setTimeout(() => {
          this.remove(w);
          resolve(false);
        }, ms),
        settle: resolve,
      };
      w.timer.unref();
      const same = this.byKey.get(key);
      if (same) same.push(w);
      else this.byKey.set(key, [w]);
      this.bySms.set(msg.sms_uuid, w);
    });
  }

  /**
   * The oldest waiting message from `sender` to `handset` on this link, taken out of the wait: the caller records
   * the receipt's id for it, then settles it (so "accepted" never comes before the id can be found again). Two
   * waiting messages to one number from one sender are told apart by age only: either one the carrier had.
   */
  claimByAddress(smsc_id: string, handset: string, sender: string): Waiting | null {
    const w = this.byKey.get(keyOf(smsc_id, handset, sender))?.[0];
    if (!w) return null;
    this.remove(w);
    return w;
  }

  /** A receipt by a known id named this message: it is at the carrier. */
  settleBySms(sms_uuid: string) {
    const w = this.bySms.get(sms_uuid);
    if (!w) return;
    this.remove(w);
    w.settle(true);
  }

  private remove(w: Waiting) {
    clearTimeout(w.timer);
    this.bySms.delete(w.sms_uuid);
    const same = this.byKey.get(w.key);
    if (!same) return;
    const rest = same.filter((x) => x !== w);
    if (rest.length) this.byKey.set(w.key, rest);
    else this.byKey.delete(w.key);
  }
}
