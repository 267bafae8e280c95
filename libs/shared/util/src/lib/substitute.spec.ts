import { missingFields, placeholders, substitute } from './substitute';

describe('substitute', () => {
  it('puts each field into its placeholder, case- and space-insensitively', () => {
    expect(substitute('Hi {name}, your code is {Code}. Bye {first name}', { Name: 'Ann', code: '42', first_name: 'A.' }))
      .toBe('Hi Ann, your code is 42. Bye A.');
  });
  it('leaves unknown placeholders and text without fields alone', () => {
    expect(substitute('Hi {name} {unknown}', { name: 'Bo' })).toBe('Hi Bo {unknown}');
    expect(substitute('Hi {name}', undefined)).toBe('Hi {name}');
    expect(substitute('Hi {name}', {})).toBe('Hi {name}');
  });
  it('substitutes every occurrence and empties a placeholder whose value is empty', () => {
    expect(substitute('{a}{a} [{b}]', { a: 'x', b: '' })).toBe('xx []');
  });
  it('does not re-substitute inside substituted values', () => {
    expect(substitute('{a} {b}', { a: '{b}', b: 'y' })).toBe('{b} y');
  });
  it('lists the placeholders and those no column provides', () => {
    expect(placeholders('Hi {name}, {Code} {name}')).toEqual(['name', 'code']);
    expect(missingFields('Hi {name}, {code}', ['number', 'Name'])).toEqual(['code']);
  });
});
