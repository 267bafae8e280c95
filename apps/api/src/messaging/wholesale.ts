// The reseller's platform charge of settled messages: the messages' facts read here, priced and posted by billing
// (billing/wholesale.ts), each amount kept on its message for the reports' cost and margin columns.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { chargeWholesale, type WholesaleMessage } from '../billing';
import type { CompiledCatalog } from '../catalog';

/** Charges the resellers of these just-settled messages once each (a settlement that repeats charges nothing). */
export async function chargeResellers(
  trx: Transaction<Database>,
  sms_uuids: string[],
  catalog?: CompiledCatalog,
): Promise<number> {
  if (!sms_uuids.length) return 0;
  const msgs = (
    await sql<WholesaleMessage>`select sms_uuid, dnis, segments, created_on, reseller_uuid from sms
      where sms_uuid = any(${sms_uuids}::uuid[]) and reseller_uuid is not null and wholesale_cost is null`.execute(trx)
  ).rows;
  const charged = await chargeWholesale(trx, msgs, catalog);
  if (charged.length)
    await sql`update sms s set wholesale_cost = v.amount
      from unnest(${charged.map((c) => c.sms_uuid)}::uuid[], ${charged.map((c) => c.amount)}::bigint[]) as v(id, amount)
      where s.sms_uuid = v.id`.execute(trx);
  return charged.length;
}
