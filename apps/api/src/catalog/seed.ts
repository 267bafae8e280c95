import type { Kysely } from 'kysely';
import mccMnc from 'mcc-mnc-list';
import countries from 'i18n-iso-countries';
import type { Database } from '../db/schema';
import { bumpCatalogVersion } from './cache';
import { countryName } from './scope';
import { countryOfCode } from './numbers';
import { accountsRepository } from '../accounts';

/** Mobile networks from mcc-mnc-list (MCC/MNC, brand, operator, country), iso3 from i18n-iso-countries. Once, on an empty table. */
export async function seedMobileNetworks(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('mobile_networks').select('mobile_network_uuid').limit(1).executeTakeFirst()) return;
  const seen = new Set<string>();
  const rows = [];
  for (const r of mccMnc.all()) {
    const country_name = r.countryName ?? 'International';
    const key = `${r.mcc}-${r.mnc}-${country_name}`;
    if (!r.mcc || !r.mnc || seen.has(key)) continue; // the list repeats a few networks
    seen.add(key);
    // Territories are coded like "GE-AB"; their ISO country is the first two letters.
    const iso2 = r.countryCode ? r.countryCode.slice(0, 2).toUpperCase() : null;
    const iso3 = iso2 ? (countries.alpha2ToAlpha3(iso2) ?? null) : null;
    rows.push({
      mcc: r.mcc,
      mnc: r.mnc,
      network_name: r.brand || r.operator || `${r.mcc}-${r.mnc}`,
      operator: r.operator ?? null,
      country_name,
      iso2: iso3 ? iso2 : null,
      iso3,
      status: r.status ?? null,
    });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('mobile_networks')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/**
 * Number ranges → mobile network for the demo countries (our own data: no package has it). Germany's
 * are the original allocations of the 015x/016x/017x mobile blocks; the UK's are a sample of 07xxx
 * blocks by their first holder. Ported numbers keep their range's network here. NANP (US, Canada)
 * numbers are not tied to a network by prefix, so they price and route by code.
 */
const DEMO_PREFIXES: [mcc: string, mnc: string, prefixes: string[]][] = [
  ['262', '01', ['49151', '49160', '49170', '49171', '49175']],
  ['262', '02', ['49152', '49162', '49172', '49173', '49174']],
  ['262', '03', ['49155', '49157', '49159', '49163', '49176', '49177', '49178', '49179']],
  ['234', '10', ['44740', '44751', '44771', '44782']],
  ['234', '15', ['44741', '44747', '44770', '44781']],
  ['234', '20', ['44742', '44748', '44773']],
  ['234', '30', ['44743', '44749', '44772', '44780']],
];

const JAN = new Date('2026-01-01T00:00:00Z');

/**
 * A demo catalog that prices and routes messages out of the box: the platform's products (Globex uses
 * "Standard") and the demo reseller's own catalog (its company Acme uses "Reseller Standard").
 */
export async function seedDemoCatalog(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('products').select('product_uuid').limit(1).executeTakeFirst()) return;
    const nets = await trx
      .selectFrom('mobile_networks')
      .select(['mobile_network_uuid', 'mcc', 'mnc', 'iso2'])
      .where('mcc', 'in', ['262', '234'])
      .execute();
    const net = (mcc: string, mnc: string) => {
      const n = nets.find((x) => x.mcc === mcc && x.mnc === mnc);
      if (!n) throw new Error(`mobile network ${mcc}-${mnc} missing from mcc-mnc-list`);
      return n;
    };
    await trx
      .insertInto('network_prefixes')
      .values(
        DEMO_PREFIXES.flatMap(([mcc, mnc, prefixes]) =>
          prefixes.map((prefix) => ({ prefix, mobile_network_uuid: net(mcc, mnc).mobile_network_uuid })),
        ),
      )
      .execute();
    const [telekom, vodafoneDe, o2De, o2Uk, vodafoneUk, three, ee] = DEMO_PREFIXES.map(
      ([mcc, mnc]) => net(mcc, mnc).mobile_network_uuid,
    );
    const reseller_uuid = await accountsRepository.resellerNamed(trx, 'Demo Reseller');
    const reseller = reseller_uuid ? { reseller_uuid } : undefined;

    const vendor = async (vendor_name: string, product: string, reseller_uuid: string | null) => {
      const v = await trx
        .insertInto('vendors')
        .values({ vendor_name, vendor_type: 'sms', reseller_uuid })
        .returning('vendor_uuid')
        .executeTakeFirstOrThrow();
      return (
        await trx
          .insertInto('vendor_products')
          .values({ vendor_uuid: v.vendor_uuid, vendor_product_name: product, type: 'sms' })
          .returning('vendor_product_uuid')
          .executeTakeFirstOrThrow()
      ).vendor_product_uuid;
    };
    type Line = [key: string, price: string, from?: Date];
    const rates = async (owner: { rate_table_uuid?: string; vendor_product_uuid?: string }, lines: Line[]) => {
      await trx
        .insertInto('rates')
        .values(
          lines.map(([key, price, from]) => {
            const isCode = /^\d+$/.test(key);
            const iso2 = isCode ? countryOfCode(key) : (nets.find((n) => n.mobile_network_uuid === key)?.iso2 ?? null);
            return {
              ...owner,
              code: isCode ? key : null,
              mobile_network_uuid: isCode ? null : key,
              price,
              effective_from: from ?? JAN,
              country_name: countryName(iso2),
            };
          }),
        )
        .execute();
    };
    const table = async (
      rate_table_name: string,
      rate_table_type: 'prefix' | 'mobile_network',
      reseller_uuid: string | null,
      lines: Line[],
    ) => {
      const t = await trx
        .insertInto('rate_tables')
        .values({ rate_table_name, rate_table_type, reseller_uuid })
        .returning('rate_table_uuid')
        .executeTakeFirstOrThrow();
      await rates({ rate_table_uuid: t.rate_table_uuid }, lines);
      return t.rate_table_uuid;
    };
    const routing = async (
      routing_name: string,
      reseller_uuid: string | null,
      routes: [code: string, vp: string, pinned?: boolean][],
    ) => {
      const r = await trx
        .insertInto('routings')
        .values({ routing_name, reseller_uuid })
        .returning('routing_uuid')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('routes')
        .values(
          routes.map(([code, vendor_product_uuid, pinned], position) => ({
            routing_uuid: r.routing_uuid,
            code,
            vendor_product_uuid,
            is_pinned: !!pinned,
            position,
          })),
        )
        .execute();
      return r.routing_uuid;
    };

    // The platform's vendors and their decks (costs).
    const northwind = await vendor('Northwind Telecom', 'Northwind Direct', null);
    const contoso = await vendor('Contoso Messaging', 'Contoso Global', null);
    await rates({ vendor_product_uuid: northwind }, [
      ['1', '0.004000'],
      ['44', '0.025000'],
      ['49', '0.065000'],
      [telekom, '0.055000'],
      [vodafoneDe, '0.060000'],
      [o2De, '0.050000'],
    ]);
    await rates({ vendor_product_uuid: contoso }, [
      ['1', '0.005500'],
      ['44', '0.022000'],
      [ee, '0.019000'],
      ['49', '0.058000'],
    ]);

    const standard = await table('Standard retail', 'mobile_network', null, [
      ['1', '0.009000'],
      ['1416', '0.011000'],
      ['1604', '0.011000'],
      ['44', '0.045000'],
      ['49', '0.095000'],
      [o2Uk, '0.040000'],
      [vodafoneUk, '0.042000'],
      [three, '0.039000'],
      [ee, '0.041000'],
      [telekom, '0.090000'],
      [vodafoneDe, '0.092000'],
      [o2De, '0.085000'],
      // a price rise already announced: the quote answers by date
      ['44', '0.048000', new Date('2027-01-01T00:00:00Z')],
    ]);
    const wholesale = await table('Wholesale by prefix', 'prefix', null, [
      ['1', '0.007000'],
      ['44', '0.035000'],
      ['447', '0.038000'],
      ['49', '0.080000'],
      ['4915', '0.085000'],
      ['4916', '0.085000'],
      ['4917', '0.085000'],
    ]);
    const leastCost = await routing('Least cost', null, [
      ['1', northwind],
      ['1', contoso],
      ['44', northwind],
      ['44', contoso],
      ['49', northwind],
      ['49', contoso],
    ]);
    const premium = await routing('Premium (Northwind first)', null, [
      ['1', northwind, true],
      ['1', contoso],
      ['44', northwind, true],
      ['44', contoso],
      ['49', northwind, true],
      ['49', contoso],
    ]);
    const products = await trx
      .insertInto('products')
      .values([
        { product_name: 'Standard', rate_table_uuid: standard, routing_uuid: leastCost },
        { product_name: 'Wholesale', rate_table_uuid: wholesale, routing_uuid: leastCost },
        { product_name: 'Premium', rate_table_uuid: standard, routing_uuid: premium },
        { product_name: 'Legacy', status: 'inactive', rate_table_uuid: wholesale, routing_uuid: leastCost },
      ])
      .returning(['product_uuid', 'product_name'])
      .execute();
    await accountsRepository.setCompanyProductByName(trx, 'Globex', products[0].product_uuid);

    // The demo reseller's own catalog: it never sees the platform's.
    if (reseller) {
      const own = await vendor('Reseller Route Co', 'Route Co Standard', reseller.reseller_uuid);
      await rates({ vendor_product_uuid: own }, [
        ['1', '0.006000'],
        ['44', '0.030000'],
        ['49', '0.070000'],
      ]);
      const t = await table('Reseller retail', 'prefix', reseller.reseller_uuid, [
        ['1', '0.012000'],
        ['44', '0.055000'],
        ['49', '0.110000'],
      ]);
      const r = await routing('Reseller routes', reseller.reseller_uuid, [
        ['1', own],
        ['44', own],
        ['49', own],
      ]);
      const p = await trx
        .insertInto('products')
        .values({
          product_name: 'Reseller Standard',
          rate_table_uuid: t,
          routing_uuid: r,
          reseller_uuid: reseller.reseller_uuid,
        })
        .returning('product_uuid')
        .executeTakeFirstOrThrow();
      await accountsRepository.setCompanyProductByName(trx, 'Acme', p.product_uuid);
    }
    await bumpCatalogVersion(trx);
  });
}
