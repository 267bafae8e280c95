import { fillText, missingFields, placeholders, substitute, unfilledMessage } from './substitute';

describe('substitute', () => {
  it('puts each field into its placeholder, case- and space-insensitively', () => {
    expect(
      substitute('Hi {name}, your code is {Code}. Bye {first name}', { Name: 'Ann', code: '42', first_name: 'A.' }),
    ).toBe('Hi Ann, your code is 42. Bye A.');
  });
  it('leaves unknown placeholders and text without fields alone', () => {
    expect(substitute('Hi {name} {unknown}', { name: 'Bo' })).toBe('Hi Bo {unknown}');
    expect(substitute('Hi {name}', undefined)).toBe('Hi {name}');
    expect(substitute('Hi {name}', {})).toBe('Hi {name}');
  });
  it('does not re-substitute inside substituted values', () => {
    expect(substitute('{a} {b}', { a: '{b}', b: 'y' })).toBe('{b} y');
  });
  it('lists the placeholders and those no column provides', () => {
    expect(placeholders('Hi {name}, {Code} {name}')).toEqual(['name', 'code']);
    expect(missingFields('Hi {name}, {code}', ['number', 'Name'])).toEqual(['code']);
  });
});

describe('fillText', () => {
  it('fills every occurrence of a repeated placeholder and reports nothing missing', () => {
    expect(fillText('{a}{a} [{ A }]', { a: 'x' })).toEqual({ text: 'xx [x]', missing: [] });
  });
  it('names each unknown placeholder once, in order, and leaves it in the text', () => {
    expect(fillText('Hi {name}, order {order}, again {name}', { number: '+1' })).toEqual({
      text: 'Hi {name}, order {order}, again {name}',
      missing: ['name', 'order'],
    });
  });
  it('counts an empty or blank value as missing', () => {
    expect(fillText('Hi {name} {b}', { name: '', b: '   ' }).missing).toEqual(['name', 'b']);
    expect(fillText('Hi {name}', { name: null }).missing).toEqual(['name']);
  });
  it('turns doubled braces into literal ones, which are not placeholders', () => {
    expect(fillText('{{name}} is {name}; set {{ and }}', { name: 'Al' })).toEqual({
      text: '{name} is Al; set { and }',
      missing: [],
    });
    expect(placeholders('{{name}} {order}')).toEqual(['order']);
    expect(fillText('{{x}}', {}).missing).toEqual([]);
  });
  it('leaves braces that are not a placeholder alone', () => {
    expect(fillText('a {} b { c', {})).toEqual({ text: 'a {} b { c', missing: [] });
  });
  it('words a refusal naming the placeholders', () => {
    expect(unfilledMessage(['name'])).toMatch(/^\{name\} has no value/);
    expect(unfilledMessage(['name', 'order'])).toMatch(/^\{name\}, \{order\} have no value/);
  });
});
