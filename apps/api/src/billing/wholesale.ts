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

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a wholesale charge reads of a settled message (the messaging domain reads it from its own table). */
export interface WholesaleMessage {
  sms_uuid: string;
  dnis: string;
  segments: number;
  created_on: Date | string;
  reseller_uuid: string;
}

/**
 * Debits the resellers of these just-settled messages at their platform product's rate (one part's
 * price at the message's creation × its parts, as the company was priced): one sms_charge entry per
 * message on the reseller's account. A message of a reseller without a platform product, or to a
 * destination the product has no price for, costs the reseller nothing. The caller passes only messages
 * not charged before and keeps each answered amount on its message (sms.wholesale_cost).
 */
export async function chargeWholesale(
  trx: Transaction<Database>,
  msgs: WholesaleMessage[],
  catalog?: CompiledCatalog,
): Promise<{ sms_uuid: string; amount: string }[]> {
  if (!msgs.length) return [];
  const resellers = [...new Set(msgs.map((m) => m.reseller_uuid))];
  const products = new Map(
    (
      await sql<{ reseller_uuid: string; product_uuid: string }>`
      select reseller_uuid, platform_product_uuid as product_uuid from ${resellerRows} r
      where reseller_uuid = any(${resellers}::uuid[]) and platform_product_uuid is not null`.execute(trx)
    ).rows.map((r) => [r.reseller_uuid, r.product_uuid]),
  );
  // in reseller order, so accounts are locked in one order by every batch
  const rows = msgs
    .filter((m) => products.has(m.reseller_uuid))
    .sort((a, b) => byText(a.reseller_uuid, b.reseller_uuid) || byText(a.sms_uuid, b.sms_uuid));
  if (!rows.length) return [];
  const compiled = catalog ?? compileCatalog(await loadCatalogRows(trx));
  const charged: { sms_uuid: string; amount: string }[] = [];
  const byReseller = new Map<string, PostManyItem[]>();
  for (const r of rows) {
    const unit = priceFor(compiled, products.get(r.reseller_uuid) as string, r.dnis, new Date(r.created_on));
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
    charged.push({ sms_uuid: r.sms_uuid, amount: amount.toString() });
  }
  for (const [reseller_uuid, items] of byReseller) await postMany(trx, { reseller_uuid }, 'sms_charge', items);
  return charged;
}
