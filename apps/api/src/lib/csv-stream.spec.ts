import fc from 'fast-check';
import { parseCsvRecords } from '@smsc/shared-util';
import { CsvStream, csvRecords, slices } from './csv-stream';

/** Cuts a text at the given points (each a fraction of its length), the way a socket might. */
const cut = (text: string, at: number[]) => {
  const points = [...new Set(at.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b);
  return [0, ...points].map((p, i) => text.slice(p, points[i] ?? text.length));
};

function parseInChunks(chunks: string[]) {
  const p = new CsvStream();
  return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
}

describe('CSV read chunk by chunk', () => {
  it('gives the records the whole-text parser gives, however the text is cut (quotes, "" and \\r\\n across cuts)', () => {
    const cell = fc.oneof(
      fc.constantFrom('', ' ', 'a', '"x"', '"a,b"', '"he said ""hi"""', '"two\r\nlines"', '"cr\rin"', '44', 'é€😀'),
      fc.string({ unit: fc.constantFrom('a', 'b', ' ', '1'), maxLength: 5 }),
    );
    const row = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(','));
    const text = fc
      .tuple(fc.array(row, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean(), fc.boolean())
      .map(([rows, eol, bom, trailing]) => `${bom ? '\uFEFF' : ''}${rows.join(eol)}${trailing ? eol : ''}`);
    fc.assert(
      fc.property(text, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (t, at) => {
        expect(parseInChunks(cut(t, at))).toEqual(parseCsvRecords(t));
        expect(parseInChunks(t.split(''))).toEqual(parseCsvRecords(t));
      }),
      { numRuns: 400 },
    );
  });

  it('names the line of a malformed record, as the whole-text parser does', () => {
    for (const bad of ['a,b\n"open,\nc', 'a\nx"y"\n', 'a\n"q"z,1\n'])
      for (const size of [1, 2, 3, 64]) {
        const whole = (() => {
          try {
            parseCsvRecords(bad);
            return null;
          } catch (e) {
            return (e as Error).message;
          }
        })();
        expect(() => parseInChunks([...slices(bad, size)])).toThrow(whole as string);
      }
  });

  it('stops reading its source when the consumer stops', async () => {
    let pulled = 0;
    function* endless() {
      yield 'code,price\n';
      for (;;) {
        pulled++;
        yield '44,0.01\n';
      }
    }
    let seen = 0;
    for await (const record of csvRecords(endless())) {
      if (++seen > 1000) break;
      expect(record.fields.length).toBe(2);
    }
    expect(pulled).toBeLessThanOrEqual(1001);
  });
});
