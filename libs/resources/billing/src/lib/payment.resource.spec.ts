import { definitionFor } from '@smsc/shared-ui';
import type { LedgerEntry } from '@smsc/shared-contract';
import { BILLING_ACCESS, paymentBody, paymentDefinition, transactionDefinition } from './payment.resource';

describe('billing resource', () => {
  it('shows a balance log charge of 0.012 as 0.012, not rounded to 0.01', () => {
    const column = (key: string) => transactionDefinition.columns.find((c) => c.key === key);
    const row = { amount: '-0.012', balance_after: '6.188', currency: 'USD' } as unknown as LedgerEntry;
    expect(column('amount')?.render?.('-0.012', row)).toBe('-USD 0.012');
    expect(column('balance_after')?.render?.('6.188', row)).toBe('USD 6.188');
    expect(column('amount')?.render?.('125.5', row)).toBe('USD 125.50');
  });

  it("names an abandoned checkout 'Expired' in the list and offers it as a status filter", () => {
    const status = paymentDefinition.columns.find((c) => c.key === 'status');
    expect(status?.render?.('expired', {} as never)).toBe('Expired');
    expect(status?.options).toContainEqual({ label: 'Expired', value: 'expired' });
  });

  it('always sends a manual payment, with the company or else the reseller', () => {
    expect(paymentBody({ company_uuid: 'c', reseller_uuid: undefined, amount: ' 12.50 ' })).toEqual({
      method: 'manual',
      amount: '12.50',
      company_uuid: 'c',
    });
    expect(paymentBody({ company_uuid: undefined, reseller_uuid: 'r', amount: '5' })).toEqual({
      method: 'manual',
      amount: '5',
      reseller_uuid: 'r',
    });
    expect(paymentBody({ amount: '5' })).toEqual({ method: 'manual', amount: '5' });
  });

  it('gives the admin a direct-company and a reseller picker, a reseller only its companies', () => {
    const admin = definitionFor(paymentDefinition, [BILLING_ACCESS.admin]);
    expect(admin.formFields.map((f) => [f.name, !!f.required])).toEqual([
      ['company_uuid', false],
      ['reseller_uuid', false],
      ['amount', true],
    ]);
    expect(admin.columns.map((c) => c.key)).toContain('reseller_name');
    const reseller = definitionFor(paymentDefinition, [BILLING_ACCESS.reseller]);
    expect(reseller.formFields.map((f) => [f.name, !!f.required])).toEqual([
      ['company_uuid', true],
      ['amount', true],
    ]);
    expect(reseller.columns.map((c) => c.key)).not.toContain('reseller_name');
  });
});
