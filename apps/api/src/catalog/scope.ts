import { sql, type Kysely, type Transaction } from 'kysely';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import type { RateLine } from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import type { Database } from '../db/schema';
import { FieldError, notFound } from '../lib/http-error';
import { countryOfCode } from './numbers';

countries.registerLocale(en);

/** The system admin keeps the platform's catalog and sees every reseller's; a reseller only its own. */
export const catalogAccess: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };

type Db = Kysely<Database> | Transaction<Database>;

type OwnedTable = 'vendors' | 'rate_tables' | 'routings' | 'products';
const KEYS = {
  vendors: 'vendor_uuid',
  rate_tables: 'rate_table_uuid',
  routings: 'routing_uuid',
  products: 'product_uuid',
} as const;
const NAMES = { vendors: 'Vendor', rate_tables: 'Rate table', routings: 'Routing', products: 'Product' } as const;

/**
 * A referenced record must belong to the same owner as the record that points at it (a reseller's
 * product uses its own rate table, the platform's uses the platform's). Anything else answers 404,
 * so another tenant's ids reveal nothing.
 */
export async function mustBelong(db: Db, table: OwnedTable, id: string, owner: string | null): Promise<void> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .where(sql.ref(KEYS[table]), '=', id)
    .where(sql<boolean>`reseller_uuid is not distinct from ${owner}`)
    .executeTakeFirst();
  if (!row) throw notFound(NAMES[table]);
}

/** A vendor product's owner is its vendor's. */
export async function vendorProductOwner(
  db: Db,
  id: string,
): Promise<{ reseller_uuid: string | null; vendor_uuid: string } | undefined> {
  return db
    .selectFrom('vendor_products')
    .innerJoin('vendors', 'vendors.vendor_uuid', 'vendor_products.vendor_uuid')
    .select(['vendors.reseller_uuid', 'vendors.vendor_uuid'])
    .where('vendor_product_uuid', '=', id)
    .executeTakeFirst();
}

export const countryName = (iso2: string | null): string | null =>
  iso2 ? (countries.getName(iso2, 'en') ?? null) : null;

export interface ResolvedRate {
  code: string | null;
  mobile_network_uuid: string | null;
  price: string;
  effective_from: Date;
  country_name: string | null;
  /** left out: the insert keeps the key's current basis (migration 470's trigger) */
  charge_basis?: 'delivery' | 'submit';
}

/**
 * Checks rate lines against the catalog (a code or a mobile network, never both; the network must
 * exist; a prefix rate table prices by code only) and adds each line's country. `field(i, name)`
 * names the problem for the caller: `rates[3].code` for a JSON body, `line 4` for a CSV.
 */
export async function resolveRateLines(
  db: Db,
  lines: RateLine[],
  tableType: 'prefix' | 'mobile_network' | null,
  field: (i: number, name: string) => string,
): Promise<ResolvedRate[]> {
  const networkIds = [...new Set(lines.map((l) => l.mobile_network_uuid).filter((x): x is string => !!x))];
  const networks = new Map<string, string | null>();
  for (let i = 0; i < networkIds.length; i += 5000) {
    const rows = await db
      .selectFrom('mobile_networks')
      .select(['mobile_network_uuid', 'iso2'])
      .where('mobile_network_uuid', 'in', networkIds.slice(i, i + 5000))
      .execute();
    for (const r of rows) networks.set(r.mobile_network_uuid, r.iso2);
  }
  const now = new Date();
  return lines.map((l, i) => {
    const code = l.code ?? null;
    const network = l.mobile_network_uuid ?? null;
    if ((code === null) === (network === null))
      throw new FieldError({ [field(i, 'code')]: 'Give either a code or a mobile network' });
    if (network !== null) {
      if (!networks.has(network)) throw new FieldError({ [field(i, 'mobile_network_uuid')]: 'Unknown mobile network' });
      if (tableType === 'prefix')
        throw new FieldError({ [field(i, 'mobile_network_uuid')]: 'A prefix-based rate table prices by code only' });
    }
    const iso2 = network !== null ? (networks.get(network) ?? null) : countryOfCode(code as string);
    return {
      code,
      mobile_network_uuid: network,
      price: l.price,
      effective_from: l.effective_from ? new Date(l.effective_from) : now,
      country_name: countryName(iso2),
      ...(l.charge_basis ? { charge_basis: l.charge_basis } : {}),
    };
  });
}
