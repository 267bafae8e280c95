import type { InvoiceDetails } from '@smsc/shared-contract';
import { formatMoney } from '@smsc/shared-util';
import { invoiceDocument, settlement } from './invoice-pdf';

const INVOICE: InvoiceDetails = {
  invoice_uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  number: 'INV-000007',
  issuer_name: 'system',
  company_uuid: '11111111-1111-4111-8111-111111111111',
  company_name: 'Globex',
  reseller_uuid: null,
  reseller_name: null,
  period_start: '2026-11-01',
  period_end: '2026-11-25',
  issued_on: '2026-11-26T09:00:00.000Z',
  due_on: '2026-12-06',
  currency: 'USD',
  total: '2.34',
  payments_received: '0.00',
  line_count: 1,
  paid: true,
  paid_on: '2026-11-26T09:00:00.000Z',
  status: 'paid',
  lines: [{ kind: 'sms_charge', description: 'SMS usage', quantity: 3, amount: '2.335' }],
};

const text = (v: unknown) => JSON.stringify(v);

describe('invoice PDF words', () => {
  it("heads an invoice with its issuer's brand when it has one, else the issuer's name", () => {
    const branded = invoiceDocument({ ...INVOICE, issuer_name: 'Demo Reseller' }, 'Nimbus Texts').doc as {
      info: { creator: string };
      content: { columns?: { text: string }[] }[];
    };
    expect([branded.content[0].columns?.[0].text, branded.info.creator]).toEqual(['Nimbus Texts', 'Nimbus Texts']);
    expect(text(invoiceDocument({ ...INVOICE, issuer_name: 'Demo Reseller' }).doc)).toContain('"text":"Demo Reseller"');
  });

  it('a paid invoice says when it was paid and that nothing is due, never "payments received: 0.00" beside it', () => {
    const words = settlement(INVOICE, formatMoney).stack.join(' | ');
    expect(words).toBe('Paid in full on 2026-11-26: USD 2.34. Amount due: USD 0.00');
    expect(text(invoiceDocument(INVOICE).doc)).not.toMatch(/Payments received during the period/);
  });

  it('an unpaid one says what is due by when; credits of the period are named as account credit', () => {
    const unpaid = { ...INVOICE, paid: false, paid_on: null, status: 'issued', payments_received: '5.00' };
    expect(settlement(unpaid as InvoiceDetails, formatMoney).stack).toEqual([
      'Amount due: USD 2.34 by 2026-12-06',
      'Payments credited to the account during the period: USD 5.00 (account credit, settled against invoices as they are issued)',
    ]);
  });

  it('shows the total as the list does (USD 2.34), the line with its exact sub-cent sum', () => {
    const doc = text(invoiceDocument(INVOICE).doc);
    expect(doc).toContain('USD 2.34"');
    expect(doc).toContain('USD 2.335');
  });
});
