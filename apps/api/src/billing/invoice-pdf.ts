// The invoice as a PDF (pdfmake 0.3). Only PDF's built-in Helvetica is used: no font files to ship,
// and the access policies refuse every URL and every local path other than those font names, so
// nothing in an invoice's text can make the server fetch or read a resource.
// Rendering a long invoice takes seconds of pure CPU, so it runs in a worker thread (pdf-worker.ts);
// the document is built here as plain data (the page footer as a template) so it can cross threads.
import pdfmake from 'pdfmake';
import type { InvoiceDetails } from '@smsc/shared-contract';
import { formatMoney } from '@smsc/shared-util';
import { renderInWorker, type FooterTemplate, type PdfJob } from './pdf-worker';

export const PDF_FONT = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const FONT_NAMES = new Set(Object.values(PDF_FONT));

/** The same policies the worker applies (the inline renderer is kept for the benchmark's "before" figure). */
function guardPdfmake() {
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => FONT_NAMES.has(path));
  pdfmake.setFonts({ Helvetica: PDF_FONT });
}

// the console's one money rule, so the PDF and the invoice list read the same figures
const money = (amount: string, currency: string) => formatMoney(amount, currency);

/**
 * What was paid, in words that agree with the status on top: a paid invoice says when it was paid and
 * owes nothing, an unpaid one what is still due. Payments credited during the period are said to be
 * account credit (they are not netted into this invoice's total), and left out when there were none.
 */
export function settlement(inv: InvoiceDetails, money: (a: string, c: string) => string) {
  const zero = money('0', inv.currency);
  const lines = [
    inv.paid
      ? `Paid in full${inv.paid_on ? ` on ${inv.paid_on.slice(0, 10)}` : ''}: ${money(inv.total, inv.currency)}. Amount due: ${zero}`
      : `Amount due: ${money(inv.total, inv.currency)} by ${inv.due_on}`,
  ];
  if (Number(inv.payments_received) !== 0)
    lines.push(
      `Payments credited to the account during the period: ${money(inv.payments_received, inv.currency)} (account credit, settled against invoices as they are issued)`,
    );
  return { margin: [0, 12, 0, 0], stack: lines, fontSize: 9 };
}

/** `brandName`: the issuer's brand (invoice-brand.ts), which replaces its account name in the header. */
export function invoiceDocument(inv: InvoiceDetails, brandName?: string): PdfJob {
  const billedTo = inv.company_name ?? `${inv.reseller_name} (reseller)`;
  const issuer = brandName ?? (inv.issuer_name === 'system' ? 'SMSC Console' : inv.issuer_name);
  const right = { alignment: 'right' };
  return {
    footer: { text: `${inv.number} · page {page} of {pages}`, alignment: 'center', fontSize: 8, margin: [0, 20, 0, 0] },
    doc: {
      info: { title: `Invoice ${inv.number}`, creator: issuer },
      defaultStyle: { font: 'Helvetica', fontSize: 10 },
      pageMargins: [40, 50, 40, 50],
      content: [
        {
          columns: [
            { text: issuer, fontSize: 16, bold: true },
            { text: `Invoice ${inv.number}`, fontSize: 16, bold: true, ...right },
          ],
        },
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
                {
                  text: inv.paid
                    ? `Paid${inv.paid_on ? ` on ${inv.paid_on.slice(0, 10)}` : ''}`
                    : `Status: ${inv.status}`,
                  bold: true,
                },
              ],
            },
          ],
        },
        {
          table: {
            headerRows: 1,
            widths: ['*', 60, 110],
            body: [
              [
                { text: 'Description', bold: true },
                { text: 'Quantity', bold: true, ...right },
                { text: 'Amount', bold: true, ...right },
              ],
              ...inv.lines.map((l) => [
                l.description,
                { text: String(l.quantity), ...right },
                { text: money(l.amount, inv.currency), ...right },
              ]),
              [
                { text: 'Total', bold: true, colSpan: 2 },
                '',
                { text: money(inv.total, inv.currency), bold: true, ...right },
              ],
            ],
          },
          layout: 'lightHorizontalLines',
        },
        settlement(inv, money),
      ],
    },
  };
}

/** The footer template as pdfmake's per-page function. */
export const footerFunction = (f: FooterTemplate) => (page: number, pages: number) => ({
  ...f,
  text: f.text.replace('{page}', String(page)).replace('{pages}', String(pages)),
});

/** Renders on the calling thread: blocks the event loop for the whole layout (benchmark baseline only). */
export function invoicePdfInline(inv: InvoiceDetails): Promise<Buffer> {
  guardPdfmake();
  const { doc, footer } = invoiceDocument(inv);
  return pdfmake.createPdf({ ...doc, ...(footer ? { footer: footerFunction(footer) } : {}) } as never).getBuffer();
}

/** The invoice's PDF, rendered off the event loop. */
export function invoicePdf(inv: InvoiceDetails, brandName?: string): Promise<Buffer> {
  return renderInWorker(invoiceDocument(inv, brandName));
}
