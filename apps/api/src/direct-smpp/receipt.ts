// What a carrier's deliver_sm says: a delivery receipt (its message id and final state) or an incoming message.
// Real SMSCs differ: the id may come in the receipted_message_id TLV or only in the text ("id:..."), in hex or in
// decimal whatever the submit_sm_resp used, with or without leading zeros; the state as the message_state TLV
// or the text's "stat:". Pure functions over the `smpp` package's PDUs, tested without a socket.
import type * as smpp from 'smpp';

export interface Receipt {
  /** the id as the receipt gives it (TLV first, the text's id: otherwise) */
  id: string;
  /** the id came in receipted_message_id (the submit answer's id as is, SMPP 3.4 §5.3.2.12) */
  fromTlv: boolean;
  /** 1 delivered, 2 not delivered (Kannel's DLR types, so the report takes the Kannel path); null: not final */
  type: 1 | 2 | null;
  stat: string;
  error: string | null;
  text: string;
}

// SMPP 3.4 §5.2.28 message_state → the text's stat
const STATES: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};
const FINAL: Record<string, 1 | 2> = { DELIVRD: 1, UNDELIV: 2, EXPIRED: 2, DELETED: 2, REJECTD: 2, UNKNOWN: 2 };

/** The text of a short_message or message_payload (UCS-2 bodies decoded). */
export function bodyText(pdu: smpp.Pdu): string {
  const sm = pdu.message_payload ?? pdu.short_message;
  if (!sm) return '';
  if (typeof sm === 'string') return sm;
  const raw = Buffer.isBuffer(sm) ? sm : sm.message;
  if (typeof raw === 'string') return raw;
  if (!raw) return '';
  return pdu.data_coding === 8 ? Buffer.from(raw).swap16().toString('utf16le') : raw.toString('latin1');
}

/** SMPP 3.4 esm_class bits 2–5: 0x04 SMSC delivery receipt, 0x08 SME ack, 0x20 intermediate notification. */
export const isReceipt = (pdu: smpp.Pdu): boolean => ((pdu.esm_class ?? 0) & 0x3c) !== 0;

export function parseReceipt(pdu: smpp.Pdu): Receipt | null {
  const text = bodyText(pdu);
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, 'i').exec(text)?.[1] ?? null;
  const tlvId = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id.replace(/\0+$/, '') : '';
  const id = tlvId || field('id');
  if (!id) return null;
  const state = typeof pdu.message_state === 'number' ? STATES[pdu.message_state] : undefined;
  const stat = (state ?? field('stat') ?? '').toUpperCase();
  const err = field('err');
  return { id, fromTlv: !!tlvId, type: FINAL[stat] ?? null, stat, error: err && !/^0+$/.test(err) ? err : null, text };
}

const strip = (s: string) => s.toLowerCase().replace(/^0+(?=.)/, '');

/** How we keep an id: lower case, no leading zeros (a receipt may pad what the submit_sm_resp did not). */
export const canonicalId = (id: string): string => strip(id.trim());

/**
 * The submit answer's id a receipt's id stands for: itself, or its other base (SMSCs that answer submits in hex
 * and receipt in decimal, or the other way round). One form only: "10" is both the decimal of 0x0a and the hex
 * 0x10, and trying both would settle a repeated receipt on another message. `convert` says which way the link's
 * ids have been seen to go (link.ts receiptIdConversion). Up to 64-bit numbers; anything else is taken as is.
 */
export function idFor(id: string, convert: 'none' | 'decimal-to-hex' | 'hex-to-decimal' = 'none'): string {
  const c = canonicalId(id);
  if (convert === 'decimal-to-hex' && /^\d{1,20}$/.test(c)) return strip(BigInt(c).toString(16));
  if (convert === 'hex-to-decimal' && /^[0-9a-f]{1,16}$/.test(c)) return BigInt(`0x${c}`).toString(10);
  return c;
}
