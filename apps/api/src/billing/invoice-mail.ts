// The invoice mail: written to the outbox with the invoice (pending, sent after commit), in the words
// of the company's reseller (its invoice template) or the system's, with the invoice's PDF attached
// at send time (rendered then, in the PDF worker, so issuing an invoice stays fast).
import type { Transaction } from 'kysely';
import type { InvoiceDetails } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { MailAttachment } from '../lib/mailer';
import { composeMail, queueMail } from '../mail';
import { billingContacts } from './contacts';
import { invoicePdf } from './invoice-pdf';

export const INVOICE_ATTACHMENT = 'invoice_pdf';

export async function queueInvoiceMail(
  trx: Transaction<Database>,
  inv: InvoiceDetails | undefined,
  publicUrl: string,
): Promise<number> {
  if (!inv) return 0;
  const own = inv.company_uuid === null;
  const recipients = await billingContacts(trx, { company_uuid: inv.company_uuid, reseller_uuid: inv.reseller_uuid });
  if (!recipients.length) return 0;
  // a reseller's own account is billed by the system, so it hears the system's wording, not its own template
  const mail = await composeMail(trx, 'invoice', '', own ? {} : { company_uuid: inv.company_uuid }, {
    company_name: inv.company_name ?? inv.reseller_name ?? '',
    invoice_number: inv.number,
    total: `${inv.currency} ${inv.total}`,
    due_date: inv.due_on,
    link: `${publicUrl.replace(/\/$/, '')}${own ? '/reseller/billing/invoices' : '/company-admin/billing/invoices'}`,
  });
  await queueMail(
    trx,
    recipients.map((email) => ({
      to: email,
      subject: mail.subject,
      text: mail.text,
      from: mail.from,
      attachment: { kind: INVOICE_ATTACHMENT, ref: inv.invoice_uuid },
    })),
  );
  return recipients.length;
}

/** The invoice's PDF as the outbox attaches it at send time (billing/index.ts registers this kind). */
export async function invoiceAttachment(
  inv: InvoiceDetails | undefined,
  ref: string,
  brandName?: string,
): Promise<MailAttachment> {
  if (!inv) throw new Error(`invoice ${ref} no longer exists`);
  return {
    filename: `invoice-${inv.number}.pdf`,
    content: await invoicePdf(inv, brandName),
    contentType: 'application/pdf',
  };
}
