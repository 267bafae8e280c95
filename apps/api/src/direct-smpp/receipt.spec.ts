import type * as smpp from 'smpp';
import { canonicalId, idFor, isReceipt, parseReceipt } from './receipt';

const pdu = (p: Record<string, unknown>) => p as unknown as smpp.Pdu;

describe('carrier receipts', () => {
  it('reads the id and state from the TLVs first, the text otherwise', () => {
    const text =
      'id:0000001A sub:001 dlvrd:000 submit date:2612060910 done date:2612060910 stat:UNDELIV err:034 text:hi';
    expect(parseReceipt(pdu({ esm_class: 4, short_message: { message: text } }))).toMatchObject({
      id: '0000001A',
      type: 2,
      stat: 'UNDELIV',
      error: '034',
    });
    const tlv = pdu({
      esm_class: 4,
      short_message: { message: 'id:x stat:UNDELIV' },
      receipted_message_id: '77\0',
      message_state: 2,
    });
    expect(parseReceipt(tlv)).toMatchObject({ id: '77', type: 1, stat: 'DELIVRD', error: null });
    // not final: moves nothing
    expect(
      parseReceipt(pdu({ esm_class: 4, short_message: { message: 'id:5 stat:ENROUTE err:000' } }))?.type,
    ).toBeNull();
    expect(isReceipt(pdu({ esm_class: 0 }))).toBe(false);
    expect(isReceipt(pdu({ esm_class: 4 }))).toBe(true);
  });

  it('matches ids across hex and decimal, case and leading zeros', () => {
    expect(canonicalId('0000001A')).toBe('1a');
    expect(canonicalId('000')).toBe('0');
    expect(idFor('26')).toBe('26');
    expect(idFor('0000001A')).toBe('1a');
    // "10" is 0x0a in decimal or 0x10 itself: the link's learnt direction decides, one form only
    expect(idFor('10', 'decimal-to-hex')).toBe('a');
    expect(idFor('0000001A', 'hex-to-decimal')).toBe('26');
    // not a number: as given
    expect(idFor('msg-7f3e', 'decimal-to-hex')).toBe('msg-7f3e');
  });
});
