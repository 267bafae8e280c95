import { compileCatalog, networkOfMccMnc, quote, type CatalogRows } from './index';

// Issue 49 item 5: a number lookup names the network a number is on now (MCC/MNC). The engine prices and
// routes by that network where the catalog knows it, so a ported number goes to its real network's route;
// without a lookup (or with one the catalog cannot place) the number's prefix decides, as before.
const TELEKOM = 'net-telekom';
const VODAFONE = 'net-vodafone-de';
const JAN = '2026-01-01T00:00:00Z';
const MARCH = new Date('2026-03-01T00:00:00Z');

const rate = (
  owner: { rate_table_uuid?: string; vendor_product_uuid?: string },
  key: { code?: string; mobile_network_uuid?: string },
  price: string,
): CatalogRows['rates'][number] => ({
  rate_table_uuid: owner.rate_table_uuid ?? null,
  vendor_product_uuid: owner.vendor_product_uuid ?? null,
  code: key.code ?? null,
  mobile_network_uuid: key.mobile_network_uuid ?? null,
  price,
  effective_from: JAN,
});
const route = (key: { code?: string; mobile_network_uuid?: string }, vendor_product_uuid: string) => ({
  routing_uuid: 'r-de',
  code: key.code ?? null,
  mobile_network_uuid: key.mobile_network_uuid ?? null,
  vendor_product_uuid,
  is_pinned: false,
});

const rows: CatalogRows = {
  networks: [
    { mobile_network_uuid: TELEKOM, network_name: 'Telekom', iso3: 'DEU', mcc: '262', mnc: '01' },
    { mobile_network_uuid: VODAFONE, network_name: 'Vodafone', iso3: 'DEU', mcc: '262', mnc: '02' },
  ],
  // 49151 is one of Telekom's original ranges: a number ported away keeps it
  networkPrefixes: [{ prefix: '49151', mobile_network_uuid: TELEKOM }],
  products: [
    {
      product_uuid: 'p-de',
      status: 'active',
      rate_table_uuid: 't-de',
      routing_uuid: 'r-de',
      number_lookup: true,
      lookup_cost: '0.0005',
    },
    { product_uuid: 'p-plain', status: 'active', rate_table_uuid: 't-de', routing_uuid: 'r-de' },
  ],
  rateTables: [{ rate_table_uuid: 't-de', rate_table_type: 'mobile_network' }],
  routes: [
    route({ code: '49' }, 'vp-any'),
    route({ mobile_network_uuid: VODAFONE }, 'vp-vodafone'),
    route({ mobile_network_uuid: TELEKOM }, 'vp-telekom'),
  ],
  vendorProducts: [
    { vendor_product_uuid: 'vp-any', vendor_product_name: 'Any DE', active: true },
    { vendor_product_uuid: 'vp-vodafone', vendor_product_name: 'Vodafone direct', active: true },
    { vendor_product_uuid: 'vp-telekom', vendor_product_name: 'Telekom direct', active: true },
  ],
  rates: [
    rate({ rate_table_uuid: 't-de' }, { code: '49' }, '0.080'),
    rate({ rate_table_uuid: 't-de' }, { mobile_network_uuid: VODAFONE }, '0.070'),
    rate({ rate_table_uuid: 't-de' }, { mobile_network_uuid: TELEKOM }, '0.075'),
    rate({ vendor_product_uuid: 'vp-any' }, { code: '49' }, '0.040'),
    rate({ vendor_product_uuid: 'vp-vodafone' }, { mobile_network_uuid: VODAFONE }, '0.020'),
    rate({ vendor_product_uuid: 'vp-vodafone' }, { code: '49' }, '0.060'),
    rate({ vendor_product_uuid: 'vp-telekom' }, { mobile_network_uuid: TELEKOM }, '0.030'),
  ],
};

describe('rating engine with a number lookup', () => {
  const catalog = compileCatalog(rows);
  const PORTED = '4915112340077';

  it('finds the catalog network of an MCC/MNC, and none for a code it does not hold', () => {
    expect(networkOfMccMnc(catalog, '262', '02')).toBe(VODAFONE);
    expect(networkOfMccMnc(catalog, '262', '07')).toBeNull();
    expect(networkOfMccMnc(catalog, null, null)).toBeNull();
  });

  it("of networks sharing an MCC/MNC (a territory's), finds the one of the number's country", () => {
    const shared = compileCatalog({
      ...rows,
      networks: [
        { mobile_network_uuid: 'tmo-pr', network_name: 'T-Mobile', iso3: 'PRI', iso2: 'PR', mcc: '310', mnc: '260' },
        { mobile_network_uuid: 'tmo-us', network_name: 'T-Mobile', iso3: 'USA', iso2: 'US', mcc: '310', mnc: '260' },
      ],
    });
    expect(networkOfMccMnc(shared, '310', '260', 'US')).toBe('tmo-us');
    expect(networkOfMccMnc(shared, '310', '260', 'PR')).toBe('tmo-pr');
    expect(networkOfMccMnc(shared, '310', '260', 'GB')).toBe('tmo-pr');
  });

  it('without a lookup a number goes by its prefix: a Telekom range goes to the Telekom route', () => {
    expect(quote(catalog, { productUuid: 'p-de', dnis: PORTED, at: MARCH })).toMatchObject({
      ok: true,
      network: { network_name: 'Telekom' },
      vendorProductUuid: 'vp-telekom',
      price: '0.075000',
      cost: '0.030000',
    });
  });

  it('a ported number goes to the route of the network the lookup found, priced and costed by that network', () => {
    expect(quote(catalog, { productUuid: 'p-de', dnis: PORTED, at: MARCH, networkUuid: VODAFONE })).toMatchObject({
      ok: true,
      network: { network_name: 'Vodafone' },
      vendorProductUuid: 'vp-vodafone',
      price: '0.070000',
      cost: '0.020000',
    });
  });

  it('an MCC/MNC route is chosen over the prefix route for a number in no network range', () => {
    // 4930: Berlin, no mobile range: by prefix only the code route 49 matches
    expect(quote(catalog, { productUuid: 'p-de', dnis: '4930123456789', at: MARCH })).toMatchObject({
      vendorProductUuid: 'vp-any',
      network: null,
    });
    expect(
      quote(catalog, { productUuid: 'p-de', dnis: '4930123456789', at: MARCH, networkUuid: VODAFONE }),
    ).toMatchObject({ vendorProductUuid: 'vp-vodafone' });
  });

  it('a lookup network with no route of its own falls back to the prefix route', () => {
    const noNetworkRoutes = compileCatalog({
      ...rows,
      routes: rows.routes.filter((r) => r.code !== null),
    });
    expect(
      quote(noNetworkRoutes, { productUuid: 'p-de', dnis: PORTED, at: MARCH, networkUuid: VODAFONE }),
    ).toMatchObject(
      // the code route, at the vendor's price for the network the number is on
      { ok: true, vendorProductUuid: 'vp-any', cost: '0.040000' },
    );
  });

  it('compiles each product with its lookup switch and price', () => {
    expect(catalog.products.get('p-de')).toMatchObject({ numberLookup: true, lookupCostMicros: 500 });
    expect(catalog.products.get('p-plain')).toMatchObject({ numberLookup: false, lookupCostMicros: null });
  });
});
