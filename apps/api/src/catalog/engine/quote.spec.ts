import { compileCatalog, fromMicros, quote, toMicros, PrefixTrie, type CatalogRows } from './index';

const VODA = 'net-vodafone-uk';
const O2 = 'net-o2-uk';
const JAN = '2026-01-01T00:00:00Z';
const JUN = '2026-06-01T00:00:00Z';

/** A small catalog: UK numbers, a prefix table and a network table, two vendors. */
function rows(over: Partial<CatalogRows> = {}): CatalogRows {
  return {
    networks: [
      { mobile_network_uuid: VODA, network_name: 'Vodafone UK', iso3: 'GBR' },
      { mobile_network_uuid: O2, network_name: 'O2 (UK)', iso3: 'GBR' },
    ],
    networkPrefixes: [
      { prefix: '44770', mobile_network_uuid: VODA },
      { prefix: '44771', mobile_network_uuid: O2 },
    ],
    products: [
      { product_uuid: 'p-prefix', status: 'active', rate_table_uuid: 't-prefix', routing_uuid: 'r-main' },
      { product_uuid: 'p-network', status: 'active', rate_table_uuid: 't-network', routing_uuid: 'r-main' },
      { product_uuid: 'p-pinned', status: 'active', rate_table_uuid: 't-prefix', routing_uuid: 'r-pinned' },
      { product_uuid: 'p-inactive', status: 'inactive', rate_table_uuid: 't-prefix', routing_uuid: 'r-main' },
      { product_uuid: 'p-noroute', status: 'active', rate_table_uuid: 't-prefix', routing_uuid: null },
    ],
    rateTables: [
      { rate_table_uuid: 't-prefix', rate_table_type: 'prefix' },
      { rate_table_uuid: 't-network', rate_table_type: 'mobile_network' },
    ],
    routes: [
      {
        routing_uuid: 'r-main',
        code: '44',
        mobile_network_uuid: null,
        vendor_product_uuid: 'vp-cheap',
        is_pinned: false,
      },
      {
        routing_uuid: 'r-main',
        code: '44',
        mobile_network_uuid: null,
        vendor_product_uuid: 'vp-dear',
        is_pinned: false,
      },
      {
        routing_uuid: 'r-pinned',
        code: '44',
        mobile_network_uuid: null,
        vendor_product_uuid: 'vp-cheap',
        is_pinned: false,
      },
      {
        routing_uuid: 'r-pinned',
        code: '44',
        mobile_network_uuid: null,
        vendor_product_uuid: 'vp-dear',
        is_pinned: true,
      },
    ],
    vendorProducts: [
      { vendor_product_uuid: 'vp-cheap', vendor_product_name: 'Cheap UK', active: true },
      { vendor_product_uuid: 'vp-dear', vendor_product_name: 'Dear UK', active: true },
    ],
    rates: [
      {
        rate_table_uuid: 't-prefix',
        vendor_product_uuid: null,
        code: '44',
        mobile_network_uuid: null,
        price: '0.040',
        effective_from: JAN,
      },
      {
        rate_table_uuid: 't-prefix',
        vendor_product_uuid: null,
        code: '447',
        mobile_network_uuid: null,
        price: '0.050',
        effective_from: JAN,
      },
      {
        rate_table_uuid: 't-prefix',
        vendor_product_uuid: null,
        code: '4477',
        mobile_network_uuid: null,
        price: '0.060',
        effective_from: JAN,
      },
      // Vodafone numbers (44770) also match 4477 by code; the network table prices them by network instead.
      {
        rate_table_uuid: 't-network',
        vendor_product_uuid: null,
        code: null,
        mobile_network_uuid: VODA,
        price: '0.030',
        effective_from: JAN,
      },
      {
        rate_table_uuid: 't-network',
        vendor_product_uuid: null,
        code: '44',
        mobile_network_uuid: null,
        price: '0.045',
        effective_from: JAN,
      },
      {
        rate_table_uuid: 't-prefix',
        vendor_product_uuid: null,
        code: '4477',
        mobile_network_uuid: null,
        price: '0.070',
        effective_from: JUN,
      },
      {
        rate_table_uuid: null,
        vendor_product_uuid: 'vp-cheap',
        code: '44',
        mobile_network_uuid: null,
        price: '0.010',
        effective_from: JAN,
      },
      {
        rate_table_uuid: null,
        vendor_product_uuid: 'vp-dear',
        code: '44',
        mobile_network_uuid: null,
        price: '0.020',
        effective_from: JAN,
      },
      {
        rate_table_uuid: null,
        vendor_product_uuid: 'vp-dear',
        code: null,
        mobile_network_uuid: O2,
        price: '0.005',
        effective_from: JAN,
      },
    ],
    ...over,
  };
}

const MARCH = new Date('2026-03-01T00:00:00Z');

describe('rating engine', () => {
  const catalog = compileCatalog(rows());

  it('prices a prefix table by the longest matching code', () => {
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '+44 7700 900123', at: MARCH })).toMatchObject({
      ok: true,
      price: '0.060000',
    });
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '447912345678', at: MARCH })).toMatchObject({
      ok: true,
      price: '0.050000',
    });
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '442071234567', at: MARCH })).toMatchObject({
      ok: true,
      price: '0.040000',
    });
  });

  it('finds the mobile network by the longest number prefix', () => {
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '447700900123', at: MARCH })).toMatchObject({
      network: { network_name: 'Vodafone UK' },
    });
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '447712345678', at: MARCH })).toMatchObject({
      network: { network_name: 'O2 (UK)' },
    });
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '442071234567', at: MARCH })).toMatchObject({
      network: null,
    });
  });

  it('a mobile-network table prices by the network before any code, and by code when the network has no rate', () => {
    expect(quote(catalog, { productUuid: 'p-network', dnis: '447700900123', at: MARCH })).toMatchObject({
      ok: true,
      price: '0.030000',
    });
    expect(quote(catalog, { productUuid: 'p-network', dnis: '447712345678', at: MARCH })).toMatchObject({
      ok: true,
      price: '0.045000',
    });
    // the prefix table ignores the network even though it knows it
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '447700900123', at: MARCH })).toMatchObject({
      price: '0.060000',
    });
  });

  it('answers for the given time: a newer rate takes over on its effective date, nothing before the first', () => {
    expect(
      quote(catalog, { productUuid: 'p-prefix', dnis: '447700900123', at: new Date('2026-05-31T23:59:59Z') }),
    ).toMatchObject({ price: '0.060000' });
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '447700900123', at: new Date(JUN) })).toMatchObject({
      price: '0.070000',
    });
    expect(
      quote(catalog, { productUuid: 'p-prefix', dnis: '447700900123', at: new Date('2025-12-31T00:00:00Z') }),
    ).toEqual({
      ok: false,
      reason: 'no_price',
      network: expect.objectContaining({ network_name: 'Vodafone UK' }),
    });
  });

  it('carries the charge basis of the version in effect (delivery when a row names none)', () => {
    const base = rows();
    const withBasis = compileCatalog({
      ...base,
      rates: base.rates.map((r) =>
        r.rate_table_uuid === 't-prefix' && r.code === '4477' && r.effective_from === JUN
          ? { ...r, charge_basis: 'submit' as const }
          : r,
      ),
    });
    const at = (when: string) =>
      quote(withBasis, { productUuid: 'p-prefix', dnis: '447700900123', at: new Date(when) });
    expect(at('2026-05-31T23:59:59Z')).toMatchObject({ price: '0.060000', chargeBasis: 'delivery' });
    expect(at(JUN)).toMatchObject({ price: '0.070000', chargeBasis: 'submit' });
    // another code of the same table keeps its own basis
    expect(quote(withBasis, { productUuid: 'p-prefix', dnis: '442071234567', at: new Date(JUN) })).toMatchObject({
      chargeBasis: 'delivery',
    });
  });

  it('falls back to a shorter code when the longer one has no rate in effect yet', () => {
    const c = compileCatalog(
      rows({
        rates: [
          {
            rate_table_uuid: 't-prefix',
            vendor_product_uuid: null,
            code: '44',
            mobile_network_uuid: null,
            price: '0.040',
            effective_from: JAN,
          },
          {
            rate_table_uuid: 't-prefix',
            vendor_product_uuid: null,
            code: '4477',
            mobile_network_uuid: null,
            price: '0.090',
            effective_from: JUN,
          },
          {
            rate_table_uuid: null,
            vendor_product_uuid: 'vp-cheap',
            code: '44',
            mobile_network_uuid: null,
            price: '0.010',
            effective_from: JAN,
          },
        ],
      }),
    );
    expect(quote(c, { productUuid: 'p-prefix', dnis: '447700900123', at: MARCH })).toMatchObject({ price: '0.040000' });
    expect(quote(c, { productUuid: 'p-prefix', dnis: '447700900123', at: new Date(JUN) })).toMatchObject({
      price: '0.090000',
    });
  });

  it("routes least cost first, counting a vendor deck's network rate over its codes, and lists the fallbacks", () => {
    const vodafone = quote(catalog, { productUuid: 'p-prefix', dnis: '447700900123', at: MARCH });
    expect(vodafone).toMatchObject({ ok: true, vendorProductName: 'Cheap UK', cost: '0.010000', margin: '0.050000' });
    expect(vodafone.ok && vodafone.routes.map((r) => [r.vendorProductName, r.cost])).toEqual([
      ['Cheap UK', '0.010000'],
      ['Dear UK', '0.020000'],
    ]);
    // on O2 the "dear" vendor's network rate (0.005) undercuts the cheap one's code rate
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '447712345678', at: MARCH })).toMatchObject({
      vendorProductName: 'Dear UK',
      cost: '0.005000',
      margin: '0.055000',
    });
  });

  it('a pinned route goes first whatever its cost; the others stay as fallbacks', () => {
    const q = quote(catalog, { productUuid: 'p-pinned', dnis: '447700900123', at: MARCH });
    expect(q).toMatchObject({ ok: true, vendorProductName: 'Dear UK', cost: '0.020000', margin: '0.040000' });
    expect(q.ok && q.routes.map((r) => [r.vendorProductName, r.pinned])).toEqual([
      ['Dear UK', true],
      ['Cheap UK', false],
    ]);
  });

  it('a margin floor (the guards) skips any route under it, pinned too; none above it is below_margin', () => {
    const req = { productUuid: 'p-pinned', dnis: '447700900123', at: MARCH };
    // the pinned route leaves 0.04: under a floor of 0.045 the cheaper fallback carries it
    const q = quote(catalog, { ...req, minMarginMicros: 45_000 });
    expect(q).toMatchObject({ ok: true, vendorProductName: 'Cheap UK' });
    expect(q.ok && q.marginMicros).toBeGreaterThanOrEqual(45_000);
    expect(q.ok && q.routes.map((r) => r.vendorProductName)).toEqual(['Cheap UK']);
    // a floor at the margin itself still lets the route go
    expect(quote(catalog, { ...req, minMarginMicros: 40_000 })).toMatchObject({
      ok: true,
      vendorProductName: 'Dear UK',
    });
    expect(quote(catalog, { ...req, minMarginMicros: 70_000 })).toMatchObject({ ok: false, reason: 'below_margin' });
    // no floor: as before
    expect(quote(catalog, req)).toMatchObject({ ok: true, vendorProductName: 'Dear UK' });
  });

  it('skips inactive vendor products and those with no cost for the number', () => {
    const c = compileCatalog(
      rows({
        vendorProducts: [
          { vendor_product_uuid: 'vp-cheap', vendor_product_name: 'Cheap UK', active: false },
          { vendor_product_uuid: 'vp-dear', vendor_product_name: 'Dear UK', active: true },
        ],
      }),
    );
    expect(quote(c, { productUuid: 'p-prefix', dnis: '447700900123', at: MARCH })).toMatchObject({
      vendorProductName: 'Dear UK',
      routes: [expect.anything()],
    });
    const noCost = compileCatalog(rows({ rates: rows().rates.filter((r) => !r.vendor_product_uuid) }));
    expect(quote(noCost, { productUuid: 'p-prefix', dnis: '447700900123', at: MARCH })).toMatchObject({
      ok: false,
      reason: 'no_route',
    });
  });

  it('answers no_route without a routing or a route for the destination, and no_price without a rate', () => {
    expect(quote(catalog, { productUuid: 'p-noroute', dnis: '447700900123', at: MARCH })).toMatchObject({
      ok: false,
      reason: 'no_route',
    });
    // a US number: the prefix table has no rate for +1 at all
    expect(quote(catalog, { productUuid: 'p-prefix', dnis: '+1 212 555 0100', at: MARCH })).toMatchObject({
      ok: false,
      reason: 'no_price',
    });
    const withUsPrice = compileCatalog(
      rows({
        rates: [
          ...rows().rates,
          {
            rate_table_uuid: 't-prefix',
            vendor_product_uuid: null,
            code: '1',
            mobile_network_uuid: null,
            price: '0.01',
            effective_from: JAN,
          },
        ],
      }),
    );
    expect(quote(withUsPrice, { productUuid: 'p-prefix', dnis: '+1 212 555 0100', at: MARCH })).toMatchObject({
      ok: false,
      reason: 'no_route',
    });
  });

  it('an unknown or inactive product has no price; a malformed number is a bad number', () => {
    expect(quote(catalog, { productUuid: 'nope', dnis: '447700900123', at: MARCH })).toMatchObject({
      ok: false,
      reason: 'no_price',
    });
    expect(quote(catalog, { productUuid: 'p-inactive', dnis: '447700900123', at: MARCH })).toMatchObject({
      ok: false,
      reason: 'no_price',
    });
    for (const bad of ['', '12345', '0447700900123', '44770090012345678', '4477oo900123']) {
      expect(quote(catalog, { productUuid: 'p-prefix', dnis: bad, at: MARCH })).toEqual({
        ok: false,
        reason: 'bad_number',
        network: null,
      });
    }
  });
});

describe('money and the trie', () => {
  it('keeps prices as exact micro-units', () => {
    expect(toMicros('0.1') + toMicros('0.2')).toBe(toMicros('0.3'));
    expect(fromMicros(toMicros('12.000125'))).toBe('12.000125');
    expect(fromMicros(-1500)).toBe('-0.001500');
    expect(() => toMicros('-1')).toThrow();
    expect(() => toMicros('0.0000001')).toThrow();
  });

  it('the trie answers the longest stored prefix and grows past its first allocation', () => {
    const t = new PrefixTrie<number>();
    for (let i = 0; i < 5000; i++) t.set(String(100000 + i), i);
    t.set('1', -1);
    expect(t.longest('1000429999')).toBe(42);
    expect(t.longest('1999999')).toBe(-1);
    expect(t.longest('2')).toBeUndefined();
    expect(t.get('100042')).toBe(42);
    expect(t.size).toBe(5001);
    expect(() => t.set('12a', 0)).toThrow();
  });
});
