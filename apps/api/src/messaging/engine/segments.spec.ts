import { countSegments, GSM_BASIC, libraryCount } from './segments';

// countSegments counts plain GSM texts by arithmetic; the library is the reference for every text.
describe('countSegments', () => {
  it('agrees with the library on every character of the plain-GSM set, alone', () => {
    for (const c of GSM_BASIC) expect([c, countSegments(c)]).toEqual([c, libraryCount(c)]);
  });

  it('agrees with the library at every length around the part boundaries', () => {
    const chars = [...GSM_BASIC];
    for (let n = 0; n <= 800; n++) {
      const text = Array.from({ length: n }, (_, i) => chars[(i * 7 + n) % chars.length]).join('');
      expect([n, countSegments(text)]).toEqual([n, libraryCount(text)]);
    }
  });

  it('leaves escape pairs, CR LF and UCS-2 texts to the library', () => {
    for (const text of ['a€b', 'price {10}', 'line\r\nnext', 'héllo ✓', '😀 smile', 'x'.repeat(159) + '^', 'Ç\rç'])
      expect(countSegments(text)).toEqual(libraryCount(text));
    expect(countSegments('x'.repeat(159) + '^')).toMatchObject({ segments: 2, characters: 161 });
    expect(countSegments('привет')).toMatchObject({ encoding: 'UCS-2', segments: 1, characters_left: 64 });
  });
});
