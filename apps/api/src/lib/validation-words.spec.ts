import { describeValidation } from './validation-words';

describe('schema failures in the words of the screens', () => {
  it('names a bad number as the field is labelled, without the pattern', () => {
    const out = describeValidation(
      [{ keyword: 'pattern', instancePath: '/dnis', params: { pattern: '^[+0-9 ().-]+$' } }],
      'body',
    );
    expect(out).toEqual({
      fields: [
        {
          field: 'dnis',
          pointer: '/dnis',
          code: 'pattern',
          detail: 'Recipient number: enter a phone number, digits only',
        },
      ],
      message: 'Recipient number: enter a phone number, digits only',
    });
  });
  it('words required, length, spaces-only, dates, lists and unknown fields', () => {
    const fields = (keyword: string, instancePath: string, params: Record<string, unknown>) =>
      describeValidation([{ keyword, instancePath, params }]).message;
    expect(fields('required', '', { missingProperty: 'ani' })).toBe('Sender number: is required');
    expect(fields('minLength', '/campaign_name', { limit: 1 })).toBe('Campaign name: is required');
    expect(fields('maxLength', '/text', { limit: 670 })).toBe('Text: enter at most 670 characters');
    expect(fields('pattern', '/text', { pattern: '\\S' })).toBe('Text: write something other than spaces');
    expect(fields('format', '/send_at', { format: 'date-time' })).toBe('Send at: enter a date and time');
    expect(fields('pattern', '/numbers/2', { pattern: '^[+0-9 ().-]+$' })).toBe(
      'Numbers (entry 3): enter a phone number, digits only',
    );
    expect(fields('additionalProperties', '', { additionalProperty: 'colour' })).toBe(
      'Colour: is not a field of this form',
    );
    expect(fields('type', '/per_page', { type: 'integer' })).toBe('Rows per page: enter a number');
  });
  it('says one thing per field when each branch of a union fails', () => {
    const { message, fields } = describeValidation([
      { keyword: 'format', instancePath: '/send_at', params: { format: 'date-time' } },
      { keyword: 'type', instancePath: '/send_at', params: { type: 'null' } },
      { keyword: 'anyOf', instancePath: '/send_at', params: {} },
    ]);
    expect(message).toBe('Send at: enter a date and time');
    expect(fields).toEqual([{ field: 'send_at', code: 'format', detail: 'Send at: enter a date and time' }]);
  });
  it('never shows a regex or a schema path', () => {
    const { message } = describeValidation([
      { keyword: 'pattern', instancePath: '/reply_code', params: { pattern: '^[A-Z]{2,8}$' } },
    ]);
    expect(message).toBe('Reply code: has characters that are not allowed here');
    expect(message).not.toMatch(/\^|\$|body\//);
  });
});
