// What a reseller pays the platform. A reseller may be given a platform product (resellers.
// platform_product_uuid, a product with no reseller): its rates are the reseller's wholesale price.
// When a company of that reseller is charged for a message, the reseller's own account is debited the
// product's price for the same destination, in the same transaction, and the amount is kept on the
// message (sms.wholesale_cost) so reports can show the reseller's cost and margin.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { compileCatalog, loadCatalogRows, priceFor, type CompiledCatalog } from '../catalog';
import { postMany, type PostManyItem } from './ledger-batch';
import { resellerRows } from '../accounts';

/**
 * The process's compiled catalog. Callers read it before they open the transaction that charges: the cache
 * reloads through the app's pool, and on PGlite's single connection a reload inside an open transaction
 * waits for that transaction forever.
 */
export type CatalogSource = () => Promise<CompiledCatalog>;

/** The ledger key of a message's wholesale charge: one per message, however often its settlement repeats. */
export const wholesaleKey = (sms_uuid: string) => `wholesale:${sms_uuid}`;

/**
 * Debits the resellers of these just-settled messages at their platform product's rate (one part's
 * price at the message's creation × its parts, as the company was priced): one sms_charge entry per
 * message on the reseller's account. A message already charged, of a reseller without a platform
 * product, or to a destination the product has no price for costs the reseller nothing. Answers the
 * number of messages charged now.
 */
export async function chargeWholesale(
  trx: Transaction<Database>,
  sms_uuids: string[],
  catalog?: CompiledCatalog,
): Promise<number> {
  if (!sms_uuids.length) return 0;
  const rows = (
    await sql<{
      sms_uuid: string;
      dnis: string;
      segments: number;
      created_on: Date | string;
      reseller_uuid: string;
      product_uuid: string;
    }>`
    select s.sms_uuid, s.dnis, s.segments, s.created_on, s.reseller_uuid, r.platform_product_uuid as product_uuid
    from sms s join ${resellerRows} r on r.reseller_uuid = s.reseller_uuid
    where s.sms_uuid = any(${sms_uuids}::uuid[]) and r.platform_product_uuid is not null and s.wholesale_cost is null
    order by s.reseller_uuid, s.sms_uuid`.execute(trx)
  ).rows;
  if (!rows.length) return 0;
  const compiled = catalog ?? compileCatalog(await loadCatalogRows(trx));
  const charged: { id: string; amount: string }[] = [];
  const byReseller = new Map<string, PostManyItem[]>();
  for (const r of rows) {
    const unit = priceFor(compiled, r.product_uuid, r.dnis, new Date(r.created_on));
    if (unit === null) continue;
    const amount = BigInt(unit) * BigInt(r.segments);
    // a zero price is still a wholesale price (kept on the message); postMany writes no zero entry
    const items = byReseller.get(r.reseller_uuid) ?? [];
    items.push({
      amount: -amount,
      cause_type: 'sms',
      cause_id: r.sms_uuid,
      idempotency_key: wholesaleKey(r.sms_uuid),
      memo: 'Platform charge for a company SMS',
    });
    byReseller.set(r.reseller_uuid, items);
    charged.push({ id: r.sms_uuid, amount: amount.toString() });
  }
  // rows come in reseller order, so accounts are locked in one order by every batch
  for (const [reseller_uuid, items] of byReseller) await postMany(trx, { reseller_uuid }, 'sms_charge', items);
  if (charged.length)
    await sql`update sms s set wholesale_cost = v.amount
      from unnest(${charged.map((c) => c.id)}::uuid[], ${charged.map((c) => c.amount)}::bigint[]) as v(id, amount)
      where s.sms_uuid = v.id`.execute(trx);
  return charged.length;
}
