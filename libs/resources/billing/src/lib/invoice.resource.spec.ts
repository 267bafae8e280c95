import { definitionFor } from '@smsc/shared-ui';
import { invoiceBody, invoiceDefinition, lastMonth } from './invoice.resource';
import { BILLING_ACCESS } from './payment.resource';

describe('invoice resource', () => {
  it('defaults to the last whole UTC month, across a year end and a leap February', () => {
    expect(lastMonth(new Date('2027-01-15T12:00:00Z'))).toEqual({
      period_start: '2026-12-01',
      period_end: '2026-12-31',
    });
    expect(lastMonth(new Date('2028-03-01T00:00:00Z'))).toEqual({
      period_start: '2028-02-01',
      period_end: '2028-02-29',
    });
  });

  it('sends the period with the company, or else the reseller, or neither (a company admin)', () => {
    expect(
      invoiceBody({ company_uuid: 'c', reseller_uuid: 'r', period_start: ' 2026-03-01', period_end: '2026-03-31 ' }),
    ).toEqual({ company_uuid: 'c', period_start: '2026-03-01', period_end: '2026-03-31' });
    expect(invoiceBody({ reseller_uuid: 'r', period_start: '2026-03-01', period_end: '2026-03-31' })).toEqual({
      reseller_uuid: 'r',
      period_start: '2026-03-01',
      period_end: '2026-03-31',
    });
    expect(invoiceBody({ period_start: '2026-03-01', period_end: '2026-03-31' })).toEqual({
      period_start: '2026-03-01',
      period_end: '2026-03-31',
    });
  });

  it('gives the admin both pickers, a reseller its company picker, a company admin the period only', () => {
    const fields = (keys: string[]) =>
      definitionFor(invoiceDefinition, keys).formFields.map((f) => [f.name, !!f.required]);
    expect(fields([BILLING_ACCESS.admin])).toEqual([
      ['company_uuid', false],
      ['reseller_uuid', false],
      ['period_start', true],
      ['period_end', true],
    ]);
    expect(fields([BILLING_ACCESS.reseller])).toEqual([
      ['company_uuid', true],
      ['period_start', true],
      ['period_end', true],
    ]);
    expect(fields([])).toEqual([
      ['period_start', true],
      ['period_end', true],
    ]);
  });
});
