// What a PayPal capture must show before the ledger is credited, apart from the SDK and the database:
// the order we made, completed, one purchase unit carrying our payment's reference, and one completed
// capture of exactly the amount and currency we asked for. Anything else credits nothing.
import { parseMoney } from '../lib/money';

export interface CaptureMoney {
  currencyCode?: string;
  value?: string;
}
export interface CapturedOrder {
  id?: string;
  status?: string;
  purchaseUnits?: {
    referenceId?: string;
    customId?: string;
    payments?: { captures?: { id?: string; status?: string; amount?: CaptureMoney; customId?: string }[] };
  }[];
}
export interface Expected {
  order_id: string;
  reference: string;
  amount: bigint;
  currency: string;
}
export type Verdict = { ok: true; capture_id: string } | { ok: false; reason: string };

function sameAmount(m: CaptureMoney | undefined, micro: bigint): boolean {
  if (!m?.value) return false;
  try {
    return parseMoney(m.value) === micro;
  } catch {
    return false;
  }
}

export function verifyCapture(order: CapturedOrder, want: Expected): Verdict {
  if (order.id !== want.order_id) return { ok: false, reason: 'the answer is about another order' };
  if (order.status !== 'COMPLETED')
    return { ok: false, reason: `the order is ${order.status ?? 'in an unknown state'}, not COMPLETED` };
  const units = order.purchaseUnits ?? [];
  if (units.length !== 1) return { ok: false, reason: 'the order does not have exactly one purchase unit' };
  const [unit] = units;
  if (unit.referenceId !== want.reference || (unit.customId !== undefined && unit.customId !== want.reference))
    return { ok: false, reason: 'the order does not carry our payment reference' };
  const captures = unit.payments?.captures ?? [];
  if (captures.length !== 1) return { ok: false, reason: 'the order does not have exactly one capture' };
  const [cap] = captures;
  if (cap.status !== 'COMPLETED')
    return { ok: false, reason: `the capture is ${cap.status ?? 'in an unknown state'}, not COMPLETED` };
  if (cap.customId !== undefined && cap.customId !== want.reference)
    return { ok: false, reason: 'the capture does not carry our payment reference' };
  if (cap.amount?.currencyCode !== want.currency)
    return {
      ok: false,
      reason: `the capture is in ${cap.amount?.currencyCode ?? 'no currency'}, not ${want.currency}`,
    };
  if (!sameAmount(cap.amount, want.amount))
    return { ok: false, reason: 'the captured amount differs from the payment' };
  if (!cap.id) return { ok: false, reason: 'the capture has no id' };
  return { ok: true, capture_id: cap.id };
}
