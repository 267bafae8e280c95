import { DEFAULTS, PLACEHOLDERS, render, unknownPlaceholders } from './templates';
import { MAIL_TEMPLATE_KINDS } from '@smsc/shared-contract';

describe('mail templates', () => {
  it('fills every placeholder of each default from its sample values, leaving no braces', () => {
    for (const kind of MAIL_TEMPLATE_KINDS) {
      expect(unknownPlaceholders(kind, DEFAULTS[kind])).toEqual([]);
      const out = render(DEFAULTS[kind], PLACEHOLDERS[kind]);
      expect(`${out.subject}\n${out.body}`).not.toMatch(/\{\{|\}\}/);
      expect(out.body).toContain('Demo Reseller');
    }
  });

  it('names placeholders a mail cannot fill, and stray braces', () => {
    expect(
      unknownPlaceholders('low_balance', {
        subject: 'Hi {{company_name}}',
        body: '{{link}} and {{ balance }} {{amount}}',
      }),
    ).toEqual(['link', 'amount']);
    expect(unknownPlaceholders('registration', { subject: 'x', body: 'total {{ 1 }}' })).toEqual(['{{']);
    expect(unknownPlaceholders('registration', { subject: '{{link}}', body: '{{ full_name }}' })).toEqual([]);
  });

  it('keeps a subject on one line and inserts values as they are', () => {
    const out = render(
      { subject: 'For {{company_name}}', body: '{{company_name}} owes {{balance}}; {{unknown}} stays' },
      { company_name: 'A\nB', balance: '{{x}}' },
    );
    expect(out.subject).toBe('For A B');
    expect(out.body).toBe('A\nB owes {{x}}; {{unknown}} stays');
  });
});
