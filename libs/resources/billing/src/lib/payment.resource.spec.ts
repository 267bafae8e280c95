import { definitionFor } from '@smsc/shared-ui';
import { showMoney } from './money';
import { BILLING_ACCESS, paymentBody, paymentDefinition } from './payment.resource';

describe('billing resource', () => {
  it('shows money with its currency and two decimals, exactly from the decimal text', () => {
    expect(showMoney('125.5')).toBe('USD 125.50');
    expect(showMoney('125.50', 'EUR')).toBe('EUR 125.50');
    expect(showMoney('-3500.00')).toBe('-USD 3,500.00');
    expect(showMoney('0.0035')).toBe('USD 0.00');
    expect(showMoney('0.005')).toBe('USD 0.01');
    // beyond a double's precision the text still rounds exactly
    expect(showMoney('90071992547409.995')).toBe('USD 90,071,992,547,410.00');
    expect(showMoney(null)).toBe('');
  });

  it('always sends a manual payment, with the company or else the reseller', () => {
    expect(paymentBody({ company_uuid: 'c', reseller_uuid: undefined, amount: ' 12.50 ' })).toEqual({ method: 'manual', amount: '12.50', company_uuid: 'c' });
    expect(paymentBody({ company_uuid: undefined, reseller_uuid: 'r', amount: '5' })).toEqual({ method: 'manual', amount: '5', reseller_uuid: 'r' });
    expect(paymentBody({ amount: '5' })).toEqual({ method: 'manual', amount: '5' });
  });

  it('gives the admin a direct-company and a reseller picker, a reseller only its companies', () => {
    const admin = definitionFor(paymentDefinition, [BILLING_ACCESS.admin]);
    expect(admin.formFields.map((f) => [f.name, !!f.required])).toEqual([['company_uuid', false], ['reseller_uuid', false], ['amount', true]]);
    expect(admin.columns.map((c) => c.key)).toContain('reseller_name');
    const reseller = definitionFor(paymentDefinition, [BILLING_ACCESS.reseller]);
    expect(reseller.formFields.map((f) => [f.name, !!f.required])).toEqual([['company_uuid', true], ['amount', true]]);
    expect(reseller.columns.map((c) => c.key)).not.toContain('reseller_name');
  });
});
