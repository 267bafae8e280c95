// The SMPP fuzzer's own PDU encoder: raw bytes, so a frame can lie about its length, stop half-way, carry a
// C-string without its NUL or a TLV longer than the PDU. The `smpp` package only writes well-formed PDUs.

/** Every command of SMPP 3.4 (and the three broadcast ones of 5.0), requests and responses. */
export const COMMANDS: Record<string, number> = {
  generic_nack: 0x80000000,
  bind_receiver: 0x00000001,
  bind_receiver_resp: 0x80000001,
  bind_transmitter: 0x00000002,
  bind_transmitter_resp: 0x80000002,
  query_sm: 0x00000003,
  query_sm_resp: 0x80000003,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  replace_sm: 0x00000007,
  replace_sm_resp: 0x80000007,
  cancel_sm: 0x00000008,
  cancel_sm_resp: 0x80000008,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  outbind: 0x0000000b,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
  submit_multi: 0x00000021,
  submit_multi_resp: 0x80000021,
  alert_notification: 0x00000102,
  data_sm: 0x00000103,
  data_sm_resp: 0x80000103,
  broadcast_sm: 0x00000111,
  broadcast_sm_resp: 0x80000111,
  query_broadcast_sm: 0x00000112,
  query_broadcast_sm_resp: 0x80000112,
  cancel_broadcast_sm: 0x00000113,
  cancel_broadcast_sm_resp: 0x80000113,
};
export const COMMAND_NAMES = Object.keys(COMMANDS);
const NAME_OF = new Map(Object.entries(COMMANDS).map(([k, v]) => [v, k]));
export const commandName = (id: number) => NAME_OF.get(id) ?? `0x${id.toString(16).padStart(8, '0')}`;

/** TLV tags the `smpp` package decodes with a type of its own (a wrong length there reaches its readers). */
export const KNOWN_TLVS = [
  0x0005, 0x0006, 0x0007, 0x000d, 0x000f, 0x0010, 0x0017, 0x0019, 0x001d, 0x001e, 0x0201, 0x0202, 0x0203, 0x0204,
  0x0205, 0x020a, 0x020b, 0x020c, 0x020d, 0x020e, 0x020f, 0x0210, 0x0302, 0x0304, 0x0381, 0x0420, 0x0421, 0x0422,
  0x0423, 0x0424, 0x0425, 0x0426, 0x0427, 0x1201, 0x1203, 0x130c, 0x1380, 0x1381, 0x1382, 0x1383, 0x1384,
];

export const u8 = (n: number) => Buffer.from([n & 0xff]);
export const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
};
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
/** A C-octet string: the text and its NUL (`nul: false` leaves the NUL out). */
export const cstr = (s: string | Buffer, nul = true) =>
  Buffer.concat([typeof s === 'string' ? Buffer.from(s, 'latin1') : s, nul ? Buffer.from([0]) : Buffer.alloc(0)]);
/** A TLV whose length field says `length` (the value's own length unless told). */
export const tlv = (tag: number, value: Buffer, length = value.length) => Buffer.concat([u16(tag), u16(length), value]);

export interface Header {
  command_id: number;
  command_status?: number;
  sequence_number?: number;
  /** what command_length says; the true length unless told */
  command_length?: number;
}

/** A PDU: 16-byte header and body, with a true command_length unless `command_length` says otherwise. */
export function frame(h: Header, body: Buffer = Buffer.alloc(0)): Buffer {
  const length = h.command_length ?? 16 + body.length;
  return Buffer.concat([u32(length), u32(h.command_id), u32(h.command_status ?? 0), u32(h.sequence_number ?? 1), body]);
}

export type BindKind = 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver';

/** A bind's body: system_id, password, system_type, interface_version 0x34, addr_ton, addr_npi, address_range. */
export const bindBody = (system_id: string, password: string) =>
  Buffer.concat([cstr(system_id), cstr(password), cstr(''), u8(0x34), u8(0), u8(0), cstr('')]);

export const bind = (kind: BindKind, system_id: string, password: string, sequence_number = 1) =>
  frame({ command_id: COMMANDS[kind], sequence_number }, bindBody(system_id, password));

export interface SubmitFields {
  source_addr: string;
  destination_addr: string;
  short_message: Buffer | string;
  data_coding?: number;
  esm_class?: number;
  registered_delivery?: number;
  /** TLVs appended after the mandatory fields */
  tlvs?: Buffer[];
}

/** submit_sm's mandatory fields (SMPP 3.4 §4.4.1), TON 1 / NPI 1 for both addresses, then any TLVs. */
export function submitBody(f: SubmitFields): Buffer {
  const sm = typeof f.short_message === 'string' ? Buffer.from(f.short_message, 'latin1') : f.short_message;
  return Buffer.concat([
    cstr(''), // service_type
    u8(1),
    u8(1),
    cstr(f.source_addr),
    u8(1),
    u8(1),
    cstr(f.destination_addr),
    u8(f.esm_class ?? 0),
    u8(0), // protocol_id
    u8(0), // priority_flag
    cstr(''), // schedule_delivery_time
    cstr(''), // validity_period
    u8(f.registered_delivery ?? 0),
    u8(0), // replace_if_present_flag
    u8(f.data_coding ?? 0),
    u8(0), // sm_default_msg_id
    u8(Math.min(sm.length, 255)),
    sm,
    ...(f.tlvs ?? []),
  ]);
}

export const submit = (f: SubmitFields, sequence_number = 1) =>
  frame({ command_id: COMMANDS.submit_sm, sequence_number }, submitBody(f));

export const enquireLink = (sequence_number = 1) => frame({ command_id: COMMANDS.enquire_link, sequence_number });

/** The PDUs in `buf` as far as they are whole, and what is left over. */
export function splitPdus(buf: Buffer): {
  pdus: { id: number; status: number; seq: number; body: Buffer }[];
  rest: Buffer;
} {
  const pdus = [];
  let at = 0;
  while (buf.length - at >= 16) {
    const length = buf.readUInt32BE(at);
    if (length < 16 || buf.length - at < length) break;
    pdus.push({
      id: buf.readUInt32BE(at + 4),
      status: buf.readUInt32BE(at + 8),
      seq: buf.readUInt32BE(at + 12),
      body: buf.subarray(at + 16, at + length),
    });
    at += length;
  }
  return { pdus, rest: buf.subarray(at) };
}

/** A submit_sm_resp's message_id (a C-string). */
export const messageIdOf = (body: Buffer) => {
  const end = body.indexOf(0);
  return body.subarray(0, end < 0 ? body.length : end).toString('latin1');
};
