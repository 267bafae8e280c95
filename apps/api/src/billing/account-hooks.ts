// What follows a ledger posting inside its transaction, apart from the balance itself: the company's
// is_below_credit_limit flag and invoices that payments now cover. Kept out of ledger.ts so the
// ledger stays the money rules only.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { belowCreditLimit, type LedgerKind } from './ledger-core';
import { coveredInvoices } from './invoice-core';
import { toMicro } from '../lib/money';
import { accountsRepository } from '../accounts';

export interface PostedAccount {
  account_uuid: string;
  company_uuid: string | null;
  reseller_uuid: string | null;
  balance: bigint;
  credit_limit: bigint;
  prepay: boolean;
}

/** Sets the flag only when it changes, so postings that stay on one side write nothing to companies. */
export async function syncCreditFlag(trx: Transaction<Database>, acc: PostedAccount) {
  if (!acc.company_uuid) return;
  await accountsRepository.setBelowCreditLimit(
    trx,
    acc.company_uuid,
    belowCreditLimit(acc.balance, acc.credit_limit, acc.prepay),
  );
}

/**
 * Marks the account's unpaid invoices paid, oldest first, while its payments cover them whole. The
 * credit is every payment received less what already-paid invoices took, so each payment is spent once.
 */
export async function settleInvoices(
  trx: Transaction<Database>,
  acc: Pick<PostedAccount, 'account_uuid' | 'company_uuid' | 'reseller_uuid'>,
) {
  const owner = acc.company_uuid
    ? sql`i.company_uuid = ${acc.company_uuid}`
    : sql`i.company_uuid is null and i.reseller_uuid = ${acc.reseller_uuid}`;
  const unpaid = (
    await sql<{ invoice_uuid: string; total: string }>`select i.invoice_uuid, i.total::text as total from invoices i
    where ${owner} and not i.paid order by i.issued_on, i.seq`.execute(trx)
  ).rows;
  if (!unpaid.length) return;
  const figures = (
    await sql<{ paid_in: string; taken: string }>`select
      (select coalesce(sum(amount), 0) from ledger_entries where account_uuid = ${acc.account_uuid} and kind = 'payment')::text as paid_in,
      (select coalesce(sum(total), 0) from invoices i where ${owner} and i.paid)::text as taken`.execute(trx)
  ).rows[0];
  const covered = coveredInvoices(
    unpaid.map((u) => ({ ...u, total: toMicro(u.total) })),
    toMicro(figures.paid_in) - toMicro(figures.taken),
  );
  if (!covered.length) return;
  await trx
    .updateTable('invoices')
    .set({ paid: true, paid_on: new Date() })
    .where(
      'invoice_uuid',
      'in',
      covered.map((c) => c.invoice_uuid),
    )
    .execute();
}

export async function afterPosting(trx: Transaction<Database>, acc: PostedAccount, kind: LedgerKind) {
  await syncCreditFlag(trx, acc);
  if (kind === 'payment') await settleInvoices(trx, acc);
}
