import { compileCatalog, quote, type CatalogRows } from './index';

const JAN = '2026-01-01T00:00:00Z';
const MARCH = new Date('2026-03-01T00:00:00Z');
const COUNTRIES = [
  { prefix: '1', iso2: 'US' },
  { prefix: '1416', iso2: 'CA' },
  { prefix: '44', iso2: 'GB' },
];

/** Two vendors on +1 and +44 (cheap first by cost), a third on +1 pinned by the routing. */
function rows(demotions: CatalogRows['demotions'] = [], pinnedRouting = false): CatalogRows {
  const route = (code: string, vendor_product_uuid: string, is_pinned = false) => ({
    routing_uuid: 'r',
    code,
    mobile_network_uuid: null,
    vendor_product_uuid,
    is_pinned,
  });
  const cost = (vendor_product_uuid: string, code: string, price: string) => ({
    rate_table_uuid: null,
    vendor_product_uuid,
    code,
    mobile_network_uuid: null,
    price,
    effective_from: JAN,
  });
  return {
    networks: [],
    networkPrefixes: [],
    products: [{ product_uuid: 'p', status: 'active', rate_table_uuid: 't', routing_uuid: 'r' }],
    rateTables: [{ rate_table_uuid: 't', rate_table_type: 'prefix' }],
    routes: [
      route('1', 'cheap'),
      route('1', 'dear'),
      route('1', 'pinned', pinnedRouting),
      route('44', 'cheap'),
      route('44', 'dear'),
    ],
    vendorProducts: ['cheap', 'dear', 'pinned'].map((v) => ({
      vendor_product_uuid: v,
      vendor_product_name: v,
      active: true,
    })),
    rates: [
      {
        rate_table_uuid: 't',
        vendor_product_uuid: null,
        code: '1',
        mobile_network_uuid: null,
        price: '0.01',
        effective_from: JAN,
      },
      {
        rate_table_uuid: 't',
        vendor_product_uuid: null,
        code: '44',
        mobile_network_uuid: null,
        price: '0.05',
        effective_from: JAN,
      },
      cost('cheap', '1', '0.002'),
      cost('dear', '1', '0.004'),
      cost('pinned', '1', '0.006'),
      cost('cheap', '44', '0.02'),
      cost('dear', '44', '0.03'),
    ],
    demotions,
    countryCodes: COUNTRIES,
  };
}

const order = (c: ReturnType<typeof compileCatalog>, dnis: string) => {
  const q = quote(c, { productUuid: 'p', dnis, at: MARCH });
  return q.ok ? q.routes.map((r) => `${r.vendorProductUuid}${r.demoted ? ' (demoted)' : ''}`) : q.reason;
};

describe('route quality demotions in the compiled catalog', () => {
  it('compiles nothing extra without demotions: quotes take the cheapest first as before', () => {
    const c = compileCatalog(rows());
    expect(c.demoted).toBeNull();
    expect(c.countries).toBeNull();
    expect(order(c, '+12125550100')).toEqual(['cheap', 'dear', 'pinned']);
  });

  it("a vendor demoted for a country goes last for that country's numbers only", () => {
    const c = compileCatalog(rows([{ vendor_product_uuid: 'cheap', iso2: 'US' }]));
    expect(order(c, '+12125550100')).toEqual(['dear', 'pinned', 'cheap (demoted)']);
    expect(quote(c, { productUuid: 'p', dnis: '+12125550100', at: MARCH })).toMatchObject({
      ok: true,
      vendorProductUuid: 'dear',
      cost: '0.004000',
    });
    // Canada shares +1 but is another country: the US demotion does not reach it
    expect(order(c, '+14165550100')).toEqual(['cheap', 'dear', 'pinned']);
    expect(order(c, '+447700900123')).toEqual(['cheap', 'dear']);
  });

  it('a demoted route is still the last resort when nothing else can carry the message', () => {
    const c = compileCatalog(
      rows([
        { vendor_product_uuid: 'cheap', iso2: 'GB' },
        { vendor_product_uuid: 'dear', iso2: 'GB' },
      ]),
    );
    const q = quote(c, { productUuid: 'p', dnis: '+447700900123', at: MARCH });
    expect(q).toMatchObject({ ok: true, vendorProductUuid: 'cheap' });
    expect(order(c, '+447700900123')).toEqual(['cheap (demoted)', 'dear (demoted)']);
  });

  it("demotion outranks the routing's own pin: a pinned but demoted route is tried last", () => {
    const pinned = compileCatalog(rows([], true));
    expect(order(pinned, '+12125550100')).toEqual(['pinned', 'cheap', 'dear']);
    const c = compileCatalog(rows([{ vendor_product_uuid: 'pinned', iso2: 'US' }], true));
    expect(order(c, '+12125550100')).toEqual(['cheap', 'dear', 'pinned (demoted)']);
  });

  it('the margin floor still skips a demoted route (a last resort is never sent at a loss)', () => {
    const c = compileCatalog(rows([{ vendor_product_uuid: 'cheap', iso2: 'US' }]));
    const q = quote(c, { productUuid: 'p', dnis: '+12125550100', at: MARCH, minMarginMicros: 7_000 });
    expect(q.ok && q.routes.map((r) => r.vendorProductUuid)).toEqual(['cheap']);
    expect(q).toMatchObject({ ok: true, vendorProductUuid: 'cheap' });
  });
});
