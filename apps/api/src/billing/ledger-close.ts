// Holds of many messages closed together: settled (each charge posted as its own sms_charge entry, idempotency
// key settle:<reservation>, as settle() does) or released. Every hold is closed first, then each account they
// belong to is locked, in account order, for one insert of its entries with their running balance_after and one
// update of its row. The account's lock is held from there to the commit, and the delivery reports of a busy
// company and its stores all wait on that one row: closing the holds before it keeps that stretch short.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { afterPosting } from './account-hooks';
import { checkPosting } from './ledger-core';
import { lockAccountById, lowBalanceAlert } from './ledger';
import { toMicro } from '../lib/money';

export interface SettleItem {
  reservation_uuid: string;
  charge: bigint;
  cause_type: string;
  cause_id: string;
  memo?: string;
}

interface Closed {
  reservation_uuid: string;
  account_uuid: string;
  amount: string;
  status: 'settled' | 'released';
}

/**
 * Closes the holds still open (one closed before is left alone: settling or releasing twice does nothing) and
 * moves their accounts. Answers how many were settled and released now.
 */
export async function closeMany(
  trx: Transaction<Database>,
  settles: SettleItem[],
  releases: string[],
): Promise<{ settled: number; released: number }> {
  if (!settles.length && !releases.length) return { settled: 0, released: 0 };
  const bySettle = new Map(settles.map((i) => [i.reservation_uuid, i]));
  const ids = [...bySettle.keys(), ...releases];
  const statuses = [...settles.map(() => 'settled'), ...releases.map(() => 'released')];
  const closed = (
    await sql<Closed>`update ledger_reservations r set status = v.status, closed_on = now()
    from unnest(${ids}::uuid[], ${statuses}::text[]) as v(id, status)
    where r.reservation_uuid = v.id and r.status = 'held'
    returning r.reservation_uuid, r.account_uuid, r.amount::text as amount, r.status`.execute(trx)
  ).rows;
  // always in account order: two transactions never wait on each other in a cycle
  for (const account_uuid of [...new Set(closed.map((c) => c.account_uuid))].sort()) {
    const acc = await lockAccountById(trx, account_uuid);
    const mine = closed.filter((c) => c.account_uuid === account_uuid);
    const before = acc.balance;
    acc.reserved -= mine.reduce((s, c) => s + toMicro(c.amount), 0n);
    const entries = mine
      .filter((c) => c.status === 'settled')
      .map((c) => bySettle.get(c.reservation_uuid) as SettleItem)
      .filter((i) => i.charge !== 0n)
      .map((i) => {
        acc.balance += checkPosting('sms_charge', -i.charge);
        return { ...i, amount: (-i.charge).toString(), after: acc.balance.toString() };
      });
    if (entries.length) {
      // entry_id follows the order of the rows given, so balance_after runs in entry order
      await sql`with e as (
          insert into ledger_entries (account_uuid, amount, balance_after, kind, cause_type, cause_id, idempotency_key, memo)
          select ${account_uuid}::uuid, v.amount, v.after, 'sms_charge', v.cause_type, v.cause_id, 'settle:' || v.rid, v.memo
          from unnest(${entries.map((e) => e.amount)}::bigint[], ${entries.map((e) => e.after)}::bigint[], ${entries.map((e) => e.cause_type)}::text[],
            ${entries.map((e) => e.cause_id)}::text[], ${entries.map((e) => e.reservation_uuid)}::text[], ${entries.map((e) => e.memo ?? null)}::text[])
            with ordinality as v(amount, after, cause_type, cause_id, rid, memo, n) order by v.n
          returning entry_id, idempotency_key)
        update ledger_reservations r set settled_entry_id = e.entry_id from e where r.reservation_uuid = substr(e.idempotency_key, 8)::uuid`.execute(
        trx,
      );
    }
    await trx
      .updateTable('billing_accounts')
      .set({
        balance: acc.balance.toString(),
        reserved: acc.reserved.toString(),
        ...(entries.length ? { updated_on: new Date() } : {}),
      })
      .where('account_uuid', '=', account_uuid)
      .execute();
    if (entries.length) {
      await lowBalanceAlert(trx, acc, before);
      await afterPosting(trx, acc, 'sms_charge');
    }
  }
  return {
    settled: closed.filter((c) => c.status === 'settled').length,
    released: closed.filter((c) => c.status === 'released').length,
  };
}
