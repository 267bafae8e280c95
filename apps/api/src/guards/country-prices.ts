// The country list of the Guards screen: each country with what the company's product charges for a
// message to one of its mobile numbers (libphonenumber's example number: a fair "from" price without
// a per-country rate table), and whether the company may send there.
import type { CountryCode } from 'libphonenumber-js';
import { getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { quote, type CompiledCatalog } from '../catalog';
import { formatMoney } from '../billing';
import { accountsRepository } from '../accounts';

export interface CountryPrice {
  iso2: string;
  name: string;
  price: string | null;
}

/** Every country of the reference list with the product's price for a mobile number there (null: not priced). */
export async function countryPrices(
  db: Kysely<Database>,
  catalog: CompiledCatalog,
  product_uuid: string | null,
): Promise<CountryPrice[]> {
  const countries = await accountsRepository.countries(db);
  return countries.map((c) => {
    let price: string | null = null;
    const example = product_uuid ? getExampleNumber(c.iso2.toUpperCase() as CountryCode, examples) : undefined;
    if (example && product_uuid) {
      const q = quote(catalog, { productUuid: product_uuid, dnis: example.number.slice(1) });
      if (q.ok) price = formatMoney(BigInt(q.priceMicros));
    }
    return { iso2: c.iso2.toUpperCase(), name: c.nice_name, price };
  });
}
