import { matchFilter, optKeyword } from './keywords';
import { countSegments } from './segments';

describe('opt-out keywords', () => {
  it('knows STOP and START and their usual variants, in any case and with punctuation', () => {
    for (const w of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'Unsubscribe!', 'cancel', 'END', 'quit', 'opt out'])
      expect([w, optKeyword(w)]).toEqual([w, 'stop']);
    for (const w of ['START', 'unstop', 'Yes', 'yes!']) expect([w, optKeyword(w)]).toEqual([w, 'start']);
  });
  it('treats a sentence that merely contains a keyword as an ordinary reply', () => {
    for (const w of ['please stop by at 5', 'yes please', 'the end', '', 'STOP STOP']) expect(optKeyword(w)).toBeNull();
  });
});

describe('stop-text filters', () => {
  it('match whole words and phrases, ignoring case and spacing', () => {
    expect(matchFilter('See you at the END of it', ['END'])).toBe('END');
    expect(matchFilter('please opt   out 3 now', ['OPT OUT 3'])).toBe('OPT OUT 3');
    expect(matchFilter('We send on the weekend', ['END'])).toBeNull();
    expect(matchFilter('opt out 30', ['OPT OUT 3'])).toBeNull();
    expect(matchFilter('anything', ['', '  '])).toBeNull();
    expect(matchFilter('price (1+1)?', ['(1+1)'])).toBe('(1+1)');
  });
});

describe('segments', () => {
  it('counts GSM-7 and UCS-2 parts at their boundaries', () => {
    expect(countSegments('a'.repeat(160))).toMatchObject({ segments: 1, encoding: 'GSM-7', characters_left: 0 });
    expect(countSegments('a'.repeat(161))).toMatchObject({ segments: 2, encoding: 'GSM-7' });
    expect(countSegments('€'.repeat(80))).toMatchObject({ segments: 1, encoding: 'GSM-7' });
    expect(countSegments('€'.repeat(81))).toMatchObject({ segments: 2 });
    expect(countSegments('é😀')).toMatchObject({ segments: 1, encoding: 'UCS-2' });
    expect(countSegments('ж'.repeat(70))).toMatchObject({ segments: 1, encoding: 'UCS-2' });
    expect(countSegments('ж'.repeat(71))).toMatchObject({ segments: 2, encoding: 'UCS-2' });
    expect(countSegments('')).toMatchObject({ segments: 1 });
  });
});
