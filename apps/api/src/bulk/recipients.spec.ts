import { HttpError } from '../lib/http-error';
import { bulkNumber, fromCsv, fromNumbers } from './recipients';

const message = async (f: () => Promise<unknown>) => {
  try {
    await f();
  } catch (e) {
    return `${(e as HttpError).statusCode} ${(e as Error).message}`;
  }
  return 'no error';
};

describe('bulk recipients', () => {
  it('reads numbers in international or NANP national form', () => {
    expect(bulkNumber('+1 (202) 555-0143')).toBe('+12025550143');
    expect(bulkNumber('2025550143')).toBe('+12025550143');
    expect(bulkNumber('+44 20 7946 0018')).toBe('+442079460018');
    expect(bulkNumber('12')).toBeNull();
  });
  it('splits pasted lists, drops repeats and counts them', async () => {
    expect(await fromNumbers(['+12025550143, 2025550144', '+12025550143'])).toEqual({
      recipients: [{ number: '+12025550143' }, { number: '+12025550144' }],
      duplicates: 1,
    });
  });
  it('refuses an empty list and names bad numbers', async () => {
    expect(await message(() => fromNumbers([' ']))).toBe('400 The list of numbers is empty');
    expect(await message(() => fromNumbers(['+12025550143', 'abc']))).toBe(
      '400 Number 2: "abc" is not a valid phone number; nothing was sent',
    );
  });
  it('reads CSV columns as fields and names the bad line', async () => {
    const r = await fromCsv('name,Number,Code\nAnn,+12025550143,7\nBo,2025550144,8\n', 'Hi {name} {code}');
    expect(r.recipients).toEqual([
      { number: '+12025550143', fields: { name: 'Ann', code: '7' } },
      { number: '+12025550144', fields: { name: 'Bo', code: '8' } },
    ]);
    expect(await message(() => fromCsv('name,number\nAnn,+12025550143\nBo,nope\n', 'Hi'))).toBe(
      '400 Line 3: "nope" is not a valid phone number; nothing was sent',
    );
    expect(await message(() => fromCsv('name,number\nAnn\n', 'Hi'))).toBe(
      '400 Line 2: 1 fields, the header has 2; nothing was sent',
    );
  });
  it('refuses a CSV without a number column or without a column the text needs', async () => {
    expect(await message(() => fromCsv('name\nAnn\n', 'Hi'))).toMatch(
      /^400 Line 1: the CSV needs a column named number/,
    );
    expect(await message(() => fromCsv('number\n+12025550143\n', 'Hi {name}'))).toMatch(/^400 The text uses \{name\}/);
  });
});
