// What auto-recharge tells the company's admins: a receipt for each charge and a word on each failure,
// written to the mail outbox in the booking's own transaction (sent after commit by the dispatcher).
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { accountName, billingContacts, formatMoney } from '../billing';
import { queueMail } from '../mail';

interface Charge {
  payment_uuid: string;
  amount: bigint;
  currency: string;
  card: { brand: string; last4: string };
}

async function write(
  trx: Transaction<Database>,
  company_uuid: string,
  subject: string,
  body: (name: string) => string,
) {
  const owner = { company_uuid, reseller_uuid: null };
  const to = await billingContacts(trx, owner);
  if (!to.length) return;
  const text = body(await accountName(trx, owner));
  await queueMail(
    trx,
    to.map((recipient) => ({ to: recipient, subject, text })),
  );
}

const money = (c: Charge) => `${c.currency} ${formatMoney(c.amount)}`;
const cardWords = (c: Charge) => `${c.card.brand} ending ${c.card.last4}`;

export async function mailReceipt(trx: Transaction<Database>, company_uuid: string, c: Charge & { ref: string }) {
  await write(
    trx,
    company_uuid,
    `Receipt: auto-recharge of ${money(c)}`,
    (name) =>
      `${name}'s balance fell below its auto-recharge threshold, so your ${cardWords(c)} was charged ${money(c)}.\n` +
      `The amount is on your balance now.\n\nPayment: ${c.payment_uuid}\nCard payment reference: ${c.ref}\n` +
      `Date: ${new Date().toISOString()}`,
  );
}

export async function mailFailure(
  trx: Transaction<Database>,
  company_uuid: string,
  c: Charge & { message: string; failures: number; maxFailures: number; disabled: boolean },
) {
  const next = c.disabled
    ? `After ${c.failures} failed charges in a row auto-recharge has turned itself off. Save a working card ` +
      `and turn it on again in the console (Profile → Spend and destinations).`
    : `This was failure ${c.failures} of ${c.maxFailures}; it will be tried again later. Auto-recharge turns ` +
      `itself off after ${c.maxFailures} failures in a row.`;
  await write(
    trx,
    company_uuid,
    c.disabled ? 'Auto-recharge failed and is turned off' : `Auto-recharge of ${money(c)} failed`,
    (name) => `Charging ${name}'s ${cardWords(c)} ${money(c)} failed: ${c.message}\n\n${next}`,
  );
}
