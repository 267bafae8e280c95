import type { MailTemplateKind } from '@smsc/shared-contract';

export interface Wording {
  subject: string;
  body: string;
}

/** The placeholders each mail fills, with the sample value a preview shows. */
export const PLACEHOLDERS: Record<MailTemplateKind, Record<string, string>> = {
  registration: {
    reseller_name: 'Demo Reseller',
    full_name: 'Ada Lovelace',
    link: 'https://console.example/api_smsc/v1/registration/confirm/…',
  },
  password_reset: {
    reseller_name: 'Demo Reseller',
    full_name: 'Ada Lovelace',
    link: 'https://console.example/forgot-password/…',
  },
  low_balance: { reseller_name: 'Demo Reseller', company_name: 'Acme', balance: 'USD 4.20', threshold: 'USD 10.00' },
  invoice: {
    reseller_name: 'Demo Reseller',
    company_name: 'Acme',
    invoice_number: 'INV-000007',
    total: 'USD 120.00',
    due_date: '2026-12-31',
    link: 'https://console.example/company-admin/billing/invoices',
  },
  price_notice: {
    reseller_name: 'Demo Reseller',
    customer_name: 'Acme',
    rate_table: 'Retail',
    effective_from: '2026-12-08',
    summary: '3 increased, 1 decreased, 0 added, 0 closed',
    link: 'https://console.example/company-admin/price-notices',
  },
  template_review: {
    reseller_name: 'Demo Reseller',
    full_name: 'Ada Lovelace',
    template_name: 'Welcome',
    outcome: 'approved',
    next_step: 'It can now be picked in the SMS center and sent.',
    link: 'https://console.example/company-admin/templates',
  },
};

/** The system's wording, sent when the reseller has none of its own (and for direct companies). */
export const DEFAULTS: Record<MailTemplateKind, Wording> = {
  registration: {
    subject: 'Confirm your {{reseller_name}} registration',
    body: 'Hello {{full_name}},\n\nOpen {{link}} within 30 minutes to activate your account.\n\n{{reseller_name}}',
  },
  password_reset: {
    subject: 'Reset your {{reseller_name}} password',
    body: 'Hello {{full_name}},\n\nOpen {{link}} within 30 minutes to choose a new password. If you did not ask for it, ignore this mail.\n\n{{reseller_name}}',
  },
  low_balance: {
    subject: 'Low balance for {{company_name}}',
    body: 'The balance of {{company_name}} is {{balance}}, below its alert threshold of {{threshold}}. Add a payment to keep sending.\n\n{{reseller_name}}',
  },
  invoice: {
    subject: 'Invoice {{invoice_number}} from {{reseller_name}}',
    body: 'Invoice {{invoice_number}} for {{company_name}} totals {{total}}, due on {{due_date}}. The PDF is attached; the invoice is also in the console: {{link}}\n\n{{reseller_name}}',
  },
  price_notice: {
    subject: 'Your SMS prices change on {{effective_from}}',
    body: 'Hello {{customer_name}},\n\nThe prices of {{rate_table}} change: {{summary}}. Increases take effect on {{effective_from}}; decreases apply at once. The changed rates are attached as CSV and listed in the console: {{link}}\n\n{{reseller_name}}',
  },
  template_review: {
    subject: 'Your SMS template "{{template_name}}" was {{outcome}}',
    body: 'Hello {{full_name}},\n\nYour SMS template "{{template_name}}" was {{outcome}}. {{next_step}}\n\nYour templates: {{link}}\n\n{{reseller_name}}',
  },
};

/** The name mails carry when no reseller stands between the company and the platform. */
export const SYSTEM_NAME = 'SMSC Console';

const TOKEN = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Placeholders a wording uses that its mail cannot fill (a typo would otherwise go out as is). */
export function unknownPlaceholders(kind: MailTemplateKind, w: Wording): string[] {
  const known = PLACEHOLDERS[kind];
  const found = new Set<string>();
  for (const text of [w.subject, w.body]) for (const m of text.matchAll(TOKEN)) if (!(m[1] in known)) found.add(m[1]);
  // a brace pair that is not a placeholder at all (e.g. "{{ 1 }}") is also refused
  for (const text of [w.subject, w.body]) if (/\{\{(?![\s]*[a-z_]+\s*\}\})/.test(text)) found.add('{{');
  return [...found];
}

/** Fills the placeholders; a value is inserted as plain text (mails are text/plain). */
export function render(w: Wording, values: Record<string, string>): Wording {
  const fill = (text: string) => text.replace(TOKEN, (all, name: string) => (name in values ? values[name] : all));
  // a subject is one line, whatever a value holds
  return { subject: fill(w.subject).replace(/[\r\n]+/g, ' '), body: fill(w.body) };
}
