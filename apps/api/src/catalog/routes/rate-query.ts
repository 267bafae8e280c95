import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/schema';
import type { ResolvedRate } from '../scope';

/** Rates with the names the lists show; scoped through the rate table's or the vendor's owner. */
export function rateSelect(db: Kysely<Database>) {
  return db
    .selectFrom('rates')
    .leftJoin('vendor_products as vp', 'vp.vendor_product_uuid', 'rates.vendor_product_uuid')
    .leftJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .leftJoin('rate_tables as rt', 'rt.rate_table_uuid', 'rates.rate_table_uuid')
    .leftJoin('mobile_networks as mn', 'mn.mobile_network_uuid', 'rates.mobile_network_uuid');
}

export const rateColumns = [
  'rates.rate_uuid',
  'rates.rate_table_uuid',
  'rates.vendor_product_uuid',
  'vp.vendor_product_name',
  'v.vendor_uuid',
  'rates.code',
  'rates.mobile_network_uuid',
  'mn.network_name',
  'rates.country_name',
  'rates.effective_from',
  'rates.charge_basis',
  'rates.created_on',
] as const;
export const priceText = sql<string>`rates.price::text`.as('price');

export function rateOwned(req: FastifyRequest) {
  if (req.level === 'all') return sql<boolean>`true`;
  const me = req.user.reseller_uuid;
  return sql<boolean>`(rt.reseller_uuid = ${me} or v.reseller_uuid = ${me})`;
}

const INSERT_CHUNK = 25_000;

/**
 * Inserts resolved rate lines under one rate table or vendor product. Each chunk is one statement over
 * column arrays (unnest): a 100,000-line CSV is four statements, not 100,000 rows of bound parameters.
 */
export async function insertRates(
  db: Kysely<Database> | Transaction<Database>,
  owner: { rate_table_uuid?: string; vendor_product_uuid?: string },
  rows: ResolvedRate[],
) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await sql`insert into rates (rate_table_uuid, vendor_product_uuid, code, mobile_network_uuid, price, effective_from, country_name)
      select ${owner.rate_table_uuid ?? null}::uuid, ${owner.vendor_product_uuid ?? null}::uuid, u.code, u.net, u.price, u.eff, u.country
      from unnest(${chunk.map((r) => r.code)}::text[], ${chunk.map((r) => r.mobile_network_uuid)}::uuid[], ${chunk.map((r) => r.price)}::numeric[],
        ${chunk.map((r) => r.effective_from.toISOString())}::timestamptz[], ${chunk.map((r) => r.country_name)}::text[]) as u(code, net, price, eff, country)`.execute(
      db,
    );
  }
}
