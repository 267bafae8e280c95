import type * as smpp from 'smpp';
import { canonicalId, idCandidates, isReceipt, parseReceipt } from './receipt';

const pdu = (p: Record<string, unknown>) => p as unknown as smpp.Pdu;

describe('carrier receipts', () => {
  it('reads the id and state from the TLVs first, the text otherwise', () => {
    const text = 'id:0000001A sub:001 dlvrd:000 submit date:2612060910 done date:2612060910 stat:UNDELIV err:034 text:hi';
    expect(parseReceipt(pdu({ esm_class: 4, short_message: { message: text } }))).toMatchObject({
      id: '0000001A',
      type: 2,
      stat: 'UNDELIV',
      error: '034',
    });
    const tlv = pdu({ esm_class: 4, short_message: { message: 'id:x stat:UNDELIV' }, receipted_message_id: '77\0', message_state: 2 });
    expect(parseReceipt(tlv)).toMatchObject({ id: '77', type: 1, stat: 'DELIVRD', error: null });
    // not final: moves nothing
    expect(parseReceipt(pdu({ esm_class: 4, short_message: { message: 'id:5 stat:ENROUTE err:000' } }))?.type).toBeNull();
    expect(isReceipt(pdu({ esm_class: 0 }))).toBe(false);
    expect(isReceipt(pdu({ esm_class: 4 }))).toBe(true);
  });

  it('matches ids across hex and decimal, case and leading zeros', () => {
    expect(canonicalId('0000001A')).toBe('1a');
    expect(canonicalId('000')).toBe('0');
    expect(idCandidates('26')).toEqual(['26', '1a', '38']);
    expect(idCandidates('0000001A')).toEqual(['1a', '26']);
    // "10" is 0x0a in decimal or 0x10 itself: a link that answers in hex and receipts in decimal tries 0x0a first
    expect(idCandidates('10', 'decimal-to-hex')).toEqual(['a', '10', '16']);
    expect(idCandidates('10', 'hex-to-decimal')).toEqual(['16', '10', 'a']);
    // not a number: as given
    expect(idCandidates('msg-7f3e')).toEqual(['msg-7f3e']);
  });
});
