import { productDefinition, productFields } from './product.resource';
import { productPages } from './product-pages';

describe('product resource', () => {
  it('sends an emptied rate table or routing as null (the link is cleared) and trims the name', () => {
    expect(
      productFields({ product_name: '  Gold ', status: 'inactive', rate_table_uuid: 't', routing_uuid: undefined }),
    ).toEqual({
      product_name: 'Gold',
      status: 'inactive',
      rate_table_uuid: 't',
      routing_uuid: null,
      number_lookup: false,
      lookup_cost: null,
    });
    expect(productFields({ product_name: 'x' }).status).toBe('active');
  });

  it('sends the number lookup switch and its cost; an emptied cost is the platform price (null)', () => {
    expect(productFields({ product_name: 'x', number_lookup: true, lookup_cost: ' 0.0008 ' })).toMatchObject({
      number_lookup: true,
      lookup_cost: '0.0008',
    });
    expect(productFields({ product_name: 'x', number_lookup: false, lookup_cost: '' })).toMatchObject({
      number_lookup: false,
      lookup_cost: null,
    });
  });

  it('searches by product name and status (docs/spec.md §7 list filters)', () => {
    expect(productDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual(['product_name', 'status']);
  });

  it('mounts docs/spec.md §2 paths; only the system admin gets add-company', () => {
    const admin = productPages(true);
    expect([admin.list?.path, admin.create?.path, ...(admin.extra ?? []).map((r) => r.path)]).toEqual([
      'sms-routes',
      'sms-routes/add-product',
      'sms-routes/edit-product/:id',
      'sms-routes/add-company/:id',
    ]);
    expect((productPages(false).extra ?? []).map((r) => r.path)).toEqual(['sms-routes/edit-product/:id']);
  });
});
