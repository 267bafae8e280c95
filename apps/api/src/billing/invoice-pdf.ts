// The invoice as a PDF (pdfmake 0.3). Only PDF's built-in Helvetica is used: no font files to ship,
// and the access policies refuse every URL and every local path other than those font names, so
// nothing in an invoice's text can make the server fetch or read a resource.
import pdfmake from 'pdfmake';
import type { InvoiceDetails } from '@smsc/shared-contract';

const FONT = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const FONT_NAMES = new Set(Object.values(FONT));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => FONT_NAMES.has(path));
pdfmake.setFonts({ Helvetica: FONT });

const money = (amount: string, currency: string) => `${currency} ${amount}`;

export function invoiceDocument(inv: InvoiceDetails) {
  const billedTo = inv.company_name ?? `${inv.reseller_name} (reseller)`;
  const issuer = inv.issuer_name === 'system' ? 'SMSC Console' : inv.issuer_name;
  const right = { alignment: 'right' };
  return {
    info: { title: `Invoice ${inv.number}`, creator: 'SMSC Console' },
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    pageMargins: [40, 50, 40, 50],
    footer: (page: number, pages: number) => ({ text: `${inv.number} · page ${page} of ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 20, 0, 0] }),
    content: [
      { columns: [{ text: issuer, fontSize: 16, bold: true }, { text: `Invoice ${inv.number}`, fontSize: 16, bold: true, ...right }] },
      {
        margin: [0, 16, 0, 16],
        columns: [
          { stack: [{ text: 'Billed to', bold: true }, billedTo] },
          {
            ...right,
            stack: [
              `Period: ${inv.period_start} to ${inv.period_end}`,
              `Issued: ${inv.issued_on.slice(0, 10)}`,
              `Due: ${inv.due_on}`,
              { text: inv.paid ? `Paid${inv.paid_on ? ` on ${inv.paid_on.slice(0, 10)}` : ''}` : `Status: ${inv.status}`, bold: true },
            ],
          },
        ],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', 60, 110],
          body: [
            [{ text: 'Description', bold: true }, { text: 'Quantity', bold: true, ...right }, { text: 'Amount', bold: true, ...right }],
            ...inv.lines.map((l) => [l.description, { text: String(l.quantity), ...right }, { text: money(l.amount, inv.currency), ...right }]),
            [{ text: 'Total', bold: true, colSpan: 2 }, '', { text: money(inv.total, inv.currency), bold: true, ...right }],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { margin: [0, 12, 0, 0], text: `Payments received during the period: ${money(inv.payments_received, inv.currency)}`, fontSize: 9 },
    ],
  };
}

export function invoicePdf(inv: InvoiceDetails): Promise<Buffer> {
  return pdfmake.createPdf(invoiceDocument(inv)).getBuffer();
}
