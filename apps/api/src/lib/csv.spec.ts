import { parseCsv } from './csv';

const rows = (text: string) => parseCsv(text).map((r) => [r.line, ...r.fields]);

describe('parseCsv', () => {
  it('splits records and fields, skipping blank lines and a BOM', () => {
    expect(rows('\uFEFFa,b\r\n\r\n1,2\n3,\n  \n""\n')).toEqual([
      [1, 'a', 'b'],
      [3, '1', '2'],
      [4, '3', ''],
      [6, ''],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, numbering records by their first line', () => {
    expect(rows('name,note\n"Smith, J","say ""hi"""\n"multi\nline",x\nlast,y')).toEqual([
      [1, 'name', 'note'],
      [2, 'Smith, J', 'say "hi"'],
      [3, 'multi\nline', 'x'],
      [5, 'last', 'y'],
    ]);
  });

  it.each([
    ['name\n"open,x\nmore', /Line 2: a quoted field is never closed/],
    ['name\n"closed"junk,x', /Line 2: unexpected text after a closing quote/],
    ['name\nab"c', /Line 2: a quote inside an unquoted field/],
  ])('rejects malformed CSV with the line: %j', (text, message) => {
    const thrown = (() => {
      try {
        parseCsv(text);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(thrown).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
  });
});
