import * as smpp from 'smpp';
import { decodeSubmit, gsmBytes, partFromUdh, receiptDate, receiptText } from './pdu-codec';
import { BindFailures } from './limits';
import { ipAllowed, parseCidr } from './ip-allow';

/** A submit_sm as the listener sees it: encoded by the package, then read back from the wire. */
const wire = (options: Record<string, unknown>) => {
  const out = new smpp.PDU('submit_sm', { destination_addr: '1', ...options }) as unknown as { toBuffer(): Buffer };
  return new smpp.PDU(out.toBuffer() as unknown as string) as unknown as smpp.Pdu;
};

describe('SMPP codec and limits', () => {
  it('decodes GSM-7, Latin-1 and UCS-2 and refuses other data codings', () => {
    expect(decodeSubmit(wire({ data_coding: 0, short_message: 'Hello @ £5' }))).toEqual({
      ok: true,
      text: 'Hello @ £5',
      part: null,
    });
    expect(decodeSubmit(wire({ data_coding: 3, short_message: 'Grüße' }))).toMatchObject({ ok: true, text: 'Grüße' });
    expect(decodeSubmit(wire({ data_coding: 8, short_message: 'Привет 👋' }))).toMatchObject({ text: 'Привет 👋' });
    expect(decodeSubmit(wire({ data_coding: 4, short_message: Buffer.from([0xff]) }))).toMatchObject({
      ok: false,
      status: smpp.errors.ESME_RINVDCS,
    });
  });

  it('lets no NUL through: GSM-7 and IA5 octet 0x00 is "@", U+0000 in Latin-1 or UCS-2 refuses that submit', () => {
    for (const data_coding of [0, 1])
      expect(decodeSubmit(wire({ data_coding, short_message: Buffer.from([0x41, 0x00, 0x42]) }))).toMatchObject({
        ok: true,
        text: 'A@B',
      });
    const nul = { ok: false, status: smpp.errors.ESME_RSUBMITFAIL };
    expect(decodeSubmit(wire({ data_coding: 3, short_message: Buffer.from([0x41, 0x00, 0x42]) }))).toMatchObject(nul);
    expect(decodeSubmit(wire({ data_coding: 8, short_message: Buffer.from([0, 0x41, 0, 0]) }))).toMatchObject(nul);
    expect(decodeSubmit(wire({ data_coding: 8, message_payload: Buffer.from([0, 0, 0, 0x41]) }))).toMatchObject(nul);
  });

  it('encodes GSM-7 as the package does, plain characters and the rest', () => {
    const plain = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).filter((c) =>
      /[\n\r !"#%-?A-Za-z]/.test(c),
    );
    expect(plain.length).toBe(2 + 4 + 27 + 52);
    for (const text of [...plain, plain.join(''), 'id:x stat:DELIVRD text:Hello @ £5 {ok} €_$', 'Привет', ''])
      expect([text, gsmBytes(text)]).toEqual([text, smpp.encodings.ASCII.encode(text)]);
  });

  it('reads concatenation from UDH (8- and 16-bit references) and from SAR TLVs; "1 of 1" is a whole message', () => {
    expect(partFromUdh([Buffer.from([0x00, 3, 7, 3, 2])])).toEqual({ ref: 7, total: 3, seq: 2 });
    expect(partFromUdh([Buffer.from([0x08, 4, 0x01, 0x02, 2, 1])])).toEqual({ ref: 258, total: 2, seq: 1 });
    const udh = wire({ data_coding: 8, short_message: { udh: Buffer.from([5, 0, 3, 9, 2, 2]), message: 'ß' } });
    expect(decodeSubmit(udh)).toEqual({ ok: true, text: 'ß', part: { ref: 9, total: 2, seq: 2 } });
    const sar = wire({ short_message: 'a', sar_msg_ref_num: 500, sar_total_segments: 2, sar_segment_seqnum: 1 });
    expect(decodeSubmit(sar)).toMatchObject({ part: { ref: 500, total: 2, seq: 1 } });
    const whole = wire({ short_message: 'a', sar_msg_ref_num: 1, sar_total_segments: 1, sar_segment_seqnum: 1 });
    expect(decodeSubmit(whole)).toMatchObject({ part: null });
    const bad = wire({ short_message: 'a', sar_msg_ref_num: 1, sar_total_segments: 2, sar_segment_seqnum: 3 });
    expect(decodeSubmit(bad)).toMatchObject({ ok: false });
  });

  it('writes the customary receipt text, one message whatever its parts', () => {
    const created = new Date('2026-11-26T14:05:00Z');
    const r = receiptText({
      sms_uuid: 'abc',
      status: 'undelivered',
      created_on: created,
      done_on: new Date('2026-11-26T14:06:00Z'),
      text: 'A text longer than twenty characters',
    });
    expect(receiptDate(created)).toBe('2611261405');
    expect(r).toEqual({
      text: 'id:abc sub:001 dlvrd:000 submit date:2611261405 done date:2611261406 stat:UNDELIV err:001 text:A text longer than t',
      state: 5,
    });
  });

  it('blocks an address after five failed binds a minute', () => {
    const f = new BindFailures(5, 60_000);
    for (let i = 0; i < 4; i++) f.note('192.0.2.1', 0);
    expect(f.blocked('192.0.2.1', 10)).toBe(false);
    f.note('192.0.2.1', 20);
    expect(f.blocked('192.0.2.1', 30)).toBe(true);
    expect(f.blocked('192.0.2.2', 30)).toBe(false);
    expect(f.blocked('192.0.2.1', 60_001)).toBe(false);
  });

  it('matches addresses against allowed CIDRs (IPv4, IPv6, IPv4-in-IPv6); an empty list allows any', () => {
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '::ffff:203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '198.51.100.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8::1')).toBe(true);
  });
});
