import { rulesFor } from '@smsc/shared-ui';
import { paymentTermBody, paymentTermDefinition } from './payment-term.resource';

describe('payment term resource', () => {
  it('maps the form to the contract body', () => {
    expect(paymentTermBody({ name: ' Net 45 ', days: 45, is_active: undefined })).toEqual({
      name: 'Net 45',
      days: 45,
      is_active: false,
    });
  });

  it('checks days as the contract does: a whole number from 0 to 3650', async () => {
    const days = paymentTermDefinition.formFields.find((f) => f.name === 'days');
    expect(days).toMatchObject({ min: 0, max: 3650, required: true });
    const rules = rulesFor(days!);
    expect(rules.some((r) => typeof r === 'object' && 'type' in r && r.type === 'integer')).toBe(true);
  });
});
