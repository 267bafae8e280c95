// The ledger over SQL: every balance change is one ledger_entries row; billing_accounts.balance is a
// cache of their sum, moved in the same transaction under the account row's lock, so concurrent
// postings and reservations serialise per account and can never overspend.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { available, canReserve, checkPosting, crossedBelow, type LedgerKind } from './ledger-core';
import { formatMoney, toMicro } from '../lib/money';
import { afterPosting } from './account-hooks';
import { composeMail, queueMail } from '../mail';
import { accountName, billingContacts } from './contacts';
import type { AccountRef } from './account-ref';

// the reads of an account (balance.ts) and its reference (account-ref.ts): callers keep importing them from the ledger
export { balanceOf, ledgerSumOf, type BalanceFigures } from './balance';
export type { AccountRef } from './account-ref';

export interface PostInput {
  account: AccountRef;
  /** signed micro-units: credits > 0 (payment, refund), charges < 0 (sms_charge, did_fee) */
  amount: bigint;
  kind: LedgerKind;
  /** what caused it, e.g. 'payment' + payment_uuid, 'sms' + sms_uuid */
  cause_type: string;
  cause_id: string;
  /** a retried posting with the same key returns the first one instead of posting twice */
  idempotency_key?: string;
  memo?: string;
  created_by?: string | null;
}

export interface Posted {
  entry_id: string;
  balance: bigint;
  duplicate: boolean;
}

import { lockAccount, type AccountSpend, type LockedAccount } from './account-lock';

export { lockAccount, lockAccountById, peekAccount, type AccountSpend, type LockedAccount } from './account-lock';

/**
 * A low-balance mail, written to the outbox in the posting's own transaction as a pending row (sent after
 * commit by the outbox dispatcher, so a rolled-back posting mails nothing): it goes once per crossing
 * (a later posting that stays below does not repeat it; rising above and falling again does).
 */
export async function lowBalanceAlert(trx: Transaction<Database>, acc: LockedAccount, before: bigint) {
  if (!crossedBelow(before, acc.balance, acc.low_balance_threshold)) return;
  const recipients = await billingContacts(trx, acc);
  if (!recipients.length) return;
  // a company hears in its reseller's words (mail templates); a reseller's own account, in the platform's
  const values = {
    company_name: await accountName(trx, acc),
    balance: `USD ${formatMoney(acc.balance)}`,
    threshold: `USD ${formatMoney(acc.low_balance_threshold as bigint)}`,
  };
  const mail = await composeMail(trx, 'low_balance', '', { company_uuid: acc.company_uuid }, values);
  await queueMail(
    trx,
    recipients.map((email) => ({ to: email, subject: mail.subject, text: mail.text, from: mail.from })),
  );
}

async function findByKey(trx: Transaction<Database>, key: string): Promise<Posted | undefined> {
  const hit = await trx
    .selectFrom('ledger_entries')
    .select(['entry_id', sql<string>`balance_after::text`.as('after')])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return hit && { entry_id: String(hit.entry_id), balance: toMicro(hit.after), duplicate: true };
}

async function insertEntry(
  trx: Transaction<Database>,
  acc: LockedAccount,
  input: Omit<PostInput, 'account'>,
): Promise<Posted> {
  const after = acc.balance + input.amount;
  const entry = await trx
    .insertInto('ledger_entries')
    .values({
      account_uuid: acc.account_uuid,
      amount: input.amount.toString(),
      balance_after: after.toString(),
      kind: input.kind,
      cause_type: input.cause_type,
      cause_id: input.cause_id,
      idempotency_key: input.idempotency_key ?? null,
      memo: input.memo ?? null,
      created_by: input.created_by ?? null,
    })
    .returning('entry_id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('billing_accounts')
    .set({ balance: after.toString(), updated_on: new Date() })
    .where('account_uuid', '=', acc.account_uuid)
    .execute();
  const before = acc.balance;
  acc.balance = after;
  await lowBalanceAlert(trx, acc, before);
  await afterPosting(trx, acc, input.kind);
  return { entry_id: String(entry.entry_id), balance: after, duplicate: false };
}

/**
 * Posts one balance change. Call inside a transaction (the account lock lasts until it commits).
 * With an idempotency key, a repeat (sequential or concurrent) returns the first entry, duplicate: true.
 */
export async function post(trx: Transaction<Database>, input: PostInput): Promise<Posted> {
  checkPosting(input.kind, input.amount);
  const acc = await lockAccount(trx, input.account);
  // Checked after the lock: a concurrent twin has committed by now, so its row is visible.
  if (input.idempotency_key) {
    const first = await findByKey(trx, input.idempotency_key);
    if (first) return first;
  }
  return insertEntry(trx, acc, input);
}

/** `spend`: the guards' spend record as the account lock read it (exact), for their spend check in the same transaction */
export type Reserved =
  { ok: true; reservation_uuid: string; duplicate: boolean; spend: AccountSpend } | { ok: false; available: bigint };

/**
 * Holds `amount` (micro, > 0) against the account for a charge that is not final yet (an SMS in flight).
 * Refused ({ ok: false }) when the account cannot cover it: prepay = balance − holds; postpay adds the credit limit.
 */
export async function reserve(
  trx: Transaction<Database>,
  input: { account: AccountRef; amount: bigint; idempotency_key?: string },
): Promise<Reserved> {
  const acc = await lockAccount(trx, input.account);
  if (input.idempotency_key) {
    const first = await trx
      .selectFrom('ledger_reservations')
      .select('reservation_uuid')
      .where('idempotency_key', '=', input.idempotency_key)
      .executeTakeFirst();
    if (first) return { ok: true, reservation_uuid: first.reservation_uuid, duplicate: true, spend: acc.spend };
  }
  if (!canReserve(acc, input.amount)) return { ok: false, available: available(acc) };
  const row = await trx
    .insertInto('ledger_reservations')
    .values({
      account_uuid: acc.account_uuid,
      amount: input.amount.toString(),
      idempotency_key: input.idempotency_key ?? null,
    })
    .returning('reservation_uuid')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('billing_accounts')
    .set({ reserved: (acc.reserved + input.amount).toString() })
    .where('account_uuid', '=', acc.account_uuid)
    .execute();
  return { ok: true, reservation_uuid: row.reservation_uuid, duplicate: false, spend: acc.spend };
}

async function closeHold(trx: Transaction<Database>, reservation_uuid: string, status: 'settled' | 'released') {
  const hold = await trx
    .selectFrom('ledger_reservations')
    .innerJoin('billing_accounts as a', 'a.account_uuid', 'ledger_reservations.account_uuid')
    .select(['a.company_uuid', 'a.reseller_uuid'])
    .where('reservation_uuid', '=', reservation_uuid)
    .executeTakeFirst();
  if (!hold) throw new Error(`reservation ${reservation_uuid} not found`);
  const acc = await lockAccount(
    trx,
    hold.company_uuid ? { company_uuid: hold.company_uuid } : { reseller_uuid: hold.reseller_uuid as string },
  );
  const closed = await trx
    .updateTable('ledger_reservations')
    .set({ status, closed_on: new Date() })
    .where('reservation_uuid', '=', reservation_uuid)
    .where('status', '=', 'held')
    .returning([sql<string>`amount::text`.as('amount')])
    .executeTakeFirst();
  if (!closed) return { acc, closed: false };
  acc.reserved -= toMicro(closed.amount);
  await trx
    .updateTable('billing_accounts')
    .set({ reserved: acc.reserved.toString() })
    .where('account_uuid', '=', acc.account_uuid)
    .execute();
  return { acc, closed: true };
}

/**
 * Turns a hold into the final charge: posts −charge (micro, ≥ 0; may differ from the hold) and frees
 * the hold. Settling twice posts once (the second call answers the first entry, duplicate: true).
 */
export async function settle(
  trx: Transaction<Database>,
  input: {
    reservation_uuid: string;
    charge: bigint;
    kind?: LedgerKind;
    cause_type: string;
    cause_id: string;
    memo?: string;
  },
): Promise<Posted | null> {
  const { acc, closed } = await closeHold(trx, input.reservation_uuid, 'settled');
  const key = `settle:${input.reservation_uuid}`;
  if (!closed) return (await findByKey(trx, key)) ?? null;
  if (input.charge === 0n) return null;
  const posted = await insertEntry(trx, acc, {
    amount: checkPosting(input.kind ?? 'sms_charge', -input.charge),
    kind: input.kind ?? 'sms_charge',
    cause_type: input.cause_type,
    cause_id: input.cause_id,
    idempotency_key: key,
    memo: input.memo,
  });
  await trx
    .updateTable('ledger_reservations')
    .set({ settled_entry_id: posted.entry_id })
    .where('reservation_uuid', '=', input.reservation_uuid)
    .execute();
  return posted;
}

/** Frees a hold without charging (message failed before it cost anything). Idempotent. */
export async function release(trx: Transaction<Database>, reservation_uuid: string): Promise<boolean> {
  return (await closeHold(trx, reservation_uuid, 'released')).closed;
}
