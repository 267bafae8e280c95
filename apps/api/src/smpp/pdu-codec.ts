// What a submit_sm says, in our terms: its text (decoded by its data_coding), where it sits in a concatenated
// message (UDH or SAR TLVs), and the receipt text going back. Pure functions over the `smpp` package's PDUs,
// so the codec is tested without a socket.
import * as smpp from 'smpp';
import type { SmsStatus } from '@smsc/shared-contract';

/** data_coding values we accept: 0 SMSC default (GSM 03.38), 1 IA5/ASCII, 3 Latin-1, 8 UCS-2. */
export const ACCEPTED_CODINGS = new Set([0, 1, 3, 8]);

export interface Part {
  /** the customer's reference of the whole message (UDH IEI 00/08 or sar_msg_ref_num) */
  ref: number;
  total: number;
  seq: number;
}

export type Decoded = { ok: true; text: string; part: Part | null } | { ok: false; status: number; why: string };

type Body = { message?: string | Buffer; udh?: Buffer[] } | Buffer | string | undefined;

function textOf(body: Body): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.length ? null : '';
  const m = body.message;
  if (m === undefined) return '';
  return typeof m === 'string' ? m : null;
}

/** The concatenation header of a UDH list: IEI 0x00 (8-bit reference) or 0x08 (16-bit reference). */
export function partFromUdh(udh: Buffer[] | undefined): Part | null {
  for (const ie of udh ?? []) {
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) return { ref: ie[2], total: ie[3], seq: ie[4] };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) return { ref: ie.readUInt16BE(2), total: ie[4], seq: ie[5] };
  }
  return null;
}

/** The text and part of a submit_sm; a data coding we do not take or an undecodable body is refused. */
export function decodeSubmit(pdu: smpp.Pdu): Decoded {
  const dc = Number(pdu.data_coding ?? 0);
  if (!ACCEPTED_CODINGS.has(dc))
    return { ok: false, status: smpp.errors.ESME_RINVDCS, why: `data_coding ${dc} is not accepted` };
  const payload = pdu.message_payload as Body;
  const short = pdu.short_message as Body;
  const usePayload = payload !== undefined && payload !== null;
  const body = usePayload ? payload : short;
  const text = textOf(body);
  if (text === null) return { ok: false, status: smpp.errors.ESME_RINVDCS, why: 'the message could not be decoded' };
  // GSM 03.38 and IA5 octet 0x00 decode as '@'; U+0000 in Latin-1 or UCS-2 text is a NUL, which PostgreSQL
  // refuses in text: refused here, permanently (a client resends ESME_RSYSERR), so it never reaches a batch
  if (text.includes('\u0000'))
    return { ok: false, status: smpp.errors.ESME_RSUBMITFAIL, why: 'the text holds a NUL character (U+0000)' };
  const udh = !usePayload && body && typeof body === 'object' && !Buffer.isBuffer(body) ? body.udh : undefined;
  let part = partFromUdh(udh);
  const sarRef = pdu.sar_msg_ref_num as number | undefined;
  const sarTotal = pdu.sar_total_segments as number | undefined;
  const sarSeq = pdu.sar_segment_seqnum as number | undefined;
  if (!part && sarRef !== undefined && sarTotal !== undefined && sarSeq !== undefined)
    part = { ref: sarRef, total: sarTotal, seq: sarSeq };
  if (part && (part.total < 1 || part.seq < 1 || part.seq > part.total))
    return { ok: false, status: smpp.errors.ESME_RINVTLVVAL, why: 'concatenation header out of range' };
  // a "1 of 1" part is a whole message
  if (part && part.total === 1) part = null;
  return { ok: true, text, part };
}

/** SMPP 3.4 message_state values (§5.2.28) and the receipt's stat word for each final state of ours. */
const FINAL_STATES: Partial<Record<SmsStatus, { stat: string; state: number; err: string }>> = {
  delivered: { stat: 'DELIVRD', state: 2, err: '000' },
  undelivered: { stat: 'UNDELIV', state: 5, err: '001' },
  failed: { stat: 'UNDELIV', state: 5, err: '002' },
  blocked: { stat: 'REJECTD', state: 8, err: '003' },
  cancelled: { stat: 'DELETED', state: 4, err: '004' },
};

export const receiptStateOf = (status: SmsStatus) => FINAL_STATES[status] ?? null;

/** YYMMDDhhmm in UTC, the receipt's date form. */
export const receiptDate = (d: Date) => d.toISOString().replace(/\D/g, '').slice(2, 12);

/**
 * The customary receipt text (SMPP 3.4 Appendix B): id, parts submitted and delivered (one message,
 * however many parts it had), dates, final state, error and the first 20 characters of the text.
 */
export function receiptText(r: {
  sms_uuid: string;
  status: SmsStatus;
  created_on: Date;
  done_on: Date | null;
  text: string;
}): { text: string; state: number } {
  const s = receiptStateOf(r.status) ?? { stat: 'UNKNOWN', state: 7, err: '999' };
  const dlvrd = r.status === 'delivered' ? '001' : '000';
  const text =
    `id:${r.sms_uuid} sub:001 dlvrd:${dlvrd} submit date:${receiptDate(r.created_on)} ` +
    `done date:${receiptDate(r.done_on ?? r.created_on)} stat:${s.stat} err:${s.err} text:${r.text.slice(0, 20)}`;
  return { text, state: s.state };
}

/** True when every character has a place in the GSM 03.38 default alphabet (then data_coding 0). */
export const isGsm = (text: string) => smpp.encodings.ASCII.match(text);

/** Characters whose GSM 03.38 septet is their ASCII code (receipts are made of them). */
const SAME_IN_GSM = /^[\n\r !"#%-?A-Za-z]*$/;

/**
 * A text in GSM 03.38 (data_coding 0), as the package would encode it. The package rebuilds its table's key list
 * on every call; a receipt is nearly always letters, digits and punctuation whose codes are the same in both.
 */
export const gsmBytes = (text: string): Buffer =>
  SAME_IN_GSM.test(text) ? Buffer.from(text, 'latin1') : smpp.encodings.ASCII.encode(text);
