// The low-balance alert's reads and its one write (GuardService.notifyLowBalance decides and announces).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { accountOf } from '../billing';

export interface LowBalanceState {
  /** the balance less what pending messages hold (micro-units) */
  left: bigint;
  threshold: bigint;
  currency: string;
  /** the alert was given for the current crossing */
  alerted: boolean;
}

/** A company's balance against its low-balance threshold; null when it has no threshold. */
export async function lowBalanceState(db: Kysely<Database>, company_uuid: string): Promise<LowBalanceState | null> {
  const a = (
    await sql<{ balance: string; reserved: string; low: string | null; currency: string; alerted: boolean }>`
    select a.balance::text as balance, a.reserved::text as reserved, a.low_balance_threshold::text as low, a.currency,
      coalesce(g.low_balance_alerted, false) as alerted
    from ${accountOf(sql.val(company_uuid))} a left join company_guards g on g.company_uuid = a.company_uuid
    where a.company_uuid = ${company_uuid}`.execute(db)
  ).rows[0];
  if (!a || a.low === null) return null;
  return {
    left: BigInt(a.balance) - BigInt(a.reserved),
    threshold: BigInt(a.low),
    currency: a.currency,
    alerted: a.alerted,
  };
}

/**
 * Records which side of its threshold the company is on; answers whether this call moved it. Conditional,
 * so however many checks and API nodes see one crossing, one of them is told it moved (and alerts).
 */
export async function markAlerted(db: Kysely<Database>, company_uuid: string, below: boolean): Promise<boolean> {
  const moved = await sql<{ company_uuid: string }>`
    insert into company_guards (company_uuid, low_balance_alerted) values (${company_uuid}, ${below})
    on conflict (company_uuid) do update set low_balance_alerted = excluded.low_balance_alerted
    where company_guards.low_balance_alerted is distinct from excluded.low_balance_alerted
    returning company_uuid`.execute(db);
  return moved.rows.length > 0;
}
