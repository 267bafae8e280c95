// The accounts a sell price reaches, for the rate-change domain (issue 49): the companies whose product
// is priced by a rate table, the resellers whose platform product is, with each one's notice period;
// and the products the impact groups carry.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface PriceCustomer {
  company_uuid: string | null;
  /** a company's reseller, or the reseller that is itself the customer */
  reseller_uuid: string | null;
  name: string;
  product_uuid: string;
  notice_days: number;
}

/** The companies on these products and the resellers buying by them (their platform product). */
export async function customersOn(db: Db, product_uuids: string[]): Promise<PriceCustomer[]> {
  if (!product_uuids.length) return [];
  const [companies, resellers] = await Promise.all([
    db
      .selectFrom('companies')
      .select(['company_uuid', 'reseller_uuid', 'company_name as name', 'product_uuid', 'price_notice_days'])
      .where('product_uuid', 'in', product_uuids)
      .orderBy('company_name')
      .execute(),
    db
      .selectFrom('resellers')
      .select(['reseller_uuid', 'reseller_name as name', 'platform_product_uuid', 'price_notice_days'])
      .where('platform_product_uuid', 'in', product_uuids)
      .orderBy('reseller_name')
      .execute(),
  ]);
  return [
    ...companies.map((c) => ({
      company_uuid: c.company_uuid,
      reseller_uuid: c.reseller_uuid,
      name: c.name,
      product_uuid: c.product_uuid as string,
      notice_days: c.price_notice_days,
    })),
    ...resellers.map((r) => ({
      company_uuid: null,
      reseller_uuid: r.reseller_uuid,
      name: r.name,
      product_uuid: r.platform_product_uuid as string,
      notice_days: r.price_notice_days,
    })),
  ];
}

/** Each company's product now (messages do not record theirs: the impact groups by the company's). */
export async function productsOfCompanies(db: Db, company_uuids: string[]): Promise<Map<string, string | null>> {
  if (!company_uuids.length) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['company_uuid', 'product_uuid'])
    .where('company_uuid', 'in', company_uuids)
    .execute();
  return new Map(rows.map((r) => [r.company_uuid, r.product_uuid]));
}
