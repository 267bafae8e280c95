import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fileForm } from '../testing/multipart';
import { fieldsOf } from '../testing/problem-answers';

describe('rate CSV import', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let table: string;
  let deck: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    table = (
      await t.app.db
        .selectFrom('rate_tables')
        .select('rate_table_uuid')
        .where('rate_table_name', '=', 'Standard retail')
        .executeTakeFirstOrThrow()
    ).rate_table_uuid;
    deck = (
      await t.app.db
        .selectFrom('vendor_products')
        .select('vendor_product_uuid')
        .where('vendor_product_name', '=', 'Contoso Global')
        .executeTakeFirstOrThrow()
    ).vendor_product_uuid;
  }, 120_000);
  afterAll(async () => t.close());
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('rates')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (url: string, csv: string, headers = admin) =>
    t.app.inject({ method: 'POST', url: api(url), headers, payload: { csv } });

  it('imports codes, mobile networks by mcc/mnc and effective dates into a rate table, and the quote follows', async () => {
    const before = await count();
    const res = await post(
      `/rate_table/${table}/import`,
      'code,mcc,mnc,price,effective_from\n33,,,0.07,2026-01-01\n,208,01,0.065,2026-01-01T00:00:00Z\n"336",,,"0.068",\n',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 3 });
    expect(await count()).toBe(before + 3);
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: api(`/rate/list?rate_table_uuid=${table}&country_name=*France*`),
        headers: admin,
      })
    ).json();
    expect(listed.items.map((r: { code: string | null; price: string }) => [r.code, r.price])).toEqual(
      expect.arrayContaining([
        ['33', '0.070000'],
        ['336', '0.068000'],
        [null, '0.065000'],
      ]),
    );
  });

  it('takes the CSV as a multipart upload into a vendor deck', async () => {
    const form = fileForm('deck.csv', 'text/csv', Buffer.from('code,price\n331,0.02\n332,0.021\n'));
    const res = await t.app.inject({
      method: 'POST',
      url: api(`/vendor_product/${deck}/import`),
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 2 });
  });

  it('rejects a bad file whole, naming each bad line, and writes nothing', async () => {
    const before = await count();
    const res = await post(
      `/rate_table/${table}/import`,
      'code,price,effective_from\n44,0.1,2026-01-01\n44x,0.1,\n49,-0.2,\n1,0.1,yesterday\n1,0.1\n',
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      'line 3': expect.stringContaining('code "44x"'),
      'line 4': expect.stringContaining('price "-0.2"'),
      'line 5': expect.stringContaining('effective_from'),
      'line 6': expect.stringContaining('2 fields'),
    });
    const malformed = await post(`/rate_table/${table}/import`, 'code,price\n"44,0.1\n');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toMatch(/[Ll]ine 2/);
    const noHeader = await post(`/rate_table/${table}/import`, 'prefix,cost\n44,0.1\n');
    expect(fieldsOf(noHeader)['line 1']).toContain('price');
    // a prefix table takes no network rates; an unknown network id is named
    const prefixTable = (
      await t.app.db
        .selectFrom('rate_tables')
        .select('rate_table_uuid')
        .where('rate_table_name', '=', 'Wholesale by prefix')
        .executeTakeFirstOrThrow()
    ).rate_table_uuid;
    expect(fieldsOf(await post(`/rate_table/${prefixTable}/import`, 'mcc,mnc,price\n262,01,0.1\n'))).toEqual({
      'line 2 (mobile_network_uuid)': expect.stringContaining('prefix'),
    });
    expect(
      fieldsOf(
        await post(
          `/rate_table/${table}/import`,
          'mobile_network_uuid,price\n00000000-0000-4000-8000-000000000000,0.1\n',
        ),
      ),
    ).toEqual({ 'line 2 (mobile_network_uuid)': 'Unknown mobile network' });
    expect(await count()).toBe(before);
  });

  it('a reseller imports only into its own catalog', async () => {
    expect((await post(`/rate_table/${table}/import`, 'code,price\n44,0.1\n', reseller)).statusCode).toBe(404);
    expect((await post(`/vendor_product/${deck}/import`, 'code,price\n44,0.1\n', reseller)).statusCode).toBe(404);
  });

  it("exports a deck as CSV in the import's columns, every page of it, names formula-escaped and codes untouched, and it imports back", async () => {
    const net = await t.app.db
      .insertInto('mobile_networks')
      .values({ mcc: '999', mnc: '77', network_name: '=HYPERLINK("x")', country_name: 'Testland', iso3: 'TST' })
      .returning('mobile_network_uuid')
      .executeTakeFirstOrThrow();
    const vendor = (
      await t.app.inject({ method: 'GET', url: api('/vendor/list?vendor_name=*contoso*'), headers: admin })
    ).json().items[0];
    const vp = (
      await t.app.inject({
        method: 'POST',
        url: api('/vendor_product'),
        headers: admin,
        payload: { vendor_uuid: vendor.vendor_uuid, vendor_product_name: 'Export, "big" deck' },
      })
    ).json();
    // 12,001 rates: more than two of the export's pages
    const lines = Array.from({ length: 12_000 }, (_, i) => `${1_000_000 + i},0.0${(i % 90) + 10},2026-01-01`);
    const csv = `code,price,effective_from\n${lines.join('\n')}\n`;
    expect((await post(`/vendor_product/${vp.vendor_product_uuid}/import`, csv)).json()).toEqual({ imported: 12_000 });
    expect(
      (
        await post(
          `/vendor_product/${vp.vendor_product_uuid}/import`,
          `mobile_network_uuid,price\n${net.mobile_network_uuid},0.5\n`,
        )
      ).statusCode,
    ).toBe(201);

    const res = await t.app.inject({
      method: 'GET',
      url: api(`/vendor_product/${vp.vendor_product_uuid}/export`),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Export-big-deck.csv"');
    const rows = res.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('code,mobile_network_uuid,price,effective_from,mcc,mnc,network_name,country_name');
    expect(rows).toHaveLength(12_002);
    // a network rate has no code, so it sorts first; its name would run as a formula, so it is quoted
    const [, , , effective] = rows[1].split(',');
    expect(rows[1]).toBe(`,${net.mobile_network_uuid},0.500000,${effective},999,77,"'=HYPERLINK(""x"")",`);
    expect(rows[2]).toBe('1000000,,0.010000,2026-01-01T00:00:00.000Z,,,,United States of America');
    expect(new Set(rows.slice(2).map((r) => r.split(',')[0])).size).toBe(12_000);

    const copy = (
      await t.app.inject({
        method: 'POST',
        url: api('/vendor_product'),
        headers: admin,
        payload: { vendor_uuid: vendor.vendor_uuid, vendor_product_name: 'Copy' },
      })
    ).json();
    expect((await post(`/vendor_product/${copy.vendor_product_uuid}/import`, res.body)).json()).toEqual({
      imported: 12_001,
    });
    // selling rates too, with a dialling code exported as the digits it is
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/rate_table/${table}/export`), headers: admin })).body,
    ).toContain('\r\n44,,0.045000,');
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/vendor_product/${deck}/export`), headers: reseller })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/rate_table/${table}/export`), headers: reseller })).statusCode,
    ).toBe(404);
  }, 60_000);
});
