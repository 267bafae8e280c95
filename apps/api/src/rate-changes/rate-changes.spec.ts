import { priceFor, toMicros, type CompiledCatalog } from '../catalog';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { apiOf } from '../lib/api-context';
import { rateChangesOf } from '.';

const DAY = 86_400_000;

/** Rate decks with a lifecycle (issue 49): change sets, their impact, approval with notices, on one app. */
describe('rate change sets', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let acmeAdmin: Record<string, string>;
  let table: string;
  let product: string;
  let vendorProduct: string;
  let acme: string;
  // the service's clock: fixed, so the notice period is counted from a known instant
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);

  beforeAll(async () => {
    t = await createTestApp();
    rateChangesOf(t.app).now = () => now;
    admin = bearer(await login(t.app, 'admin@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    const db = t.app.db;
    table = (
      await db
        .insertInto('rate_tables')
        .values({ rate_table_name: 'Lifecycle retail', rate_table_type: 'prefix' })
        .returning('rate_table_uuid')
        .executeTakeFirstOrThrow()
    ).rate_table_uuid;
    product = (
      await db
        .insertInto('products')
        .values({ product_name: 'Lifecycle product', rate_table_uuid: table })
        .returning('product_uuid')
        .executeTakeFirstOrThrow()
    ).product_uuid;
    const vendor = (
      await db
        .insertInto('vendors')
        .values({ vendor_name: 'Lifecycle vendor', vendor_type: 'sms' })
        .returning('vendor_uuid')
        .executeTakeFirstOrThrow()
    ).vendor_uuid;
    vendorProduct = (
      await db
        .insertInto('vendor_products')
        .values({ vendor_uuid: vendor, vendor_product_name: 'Lifecycle deck' })
        .returning('vendor_product_uuid')
        .executeTakeFirstOrThrow()
    ).vendor_product_uuid;
    const from = new Date(now.getTime() - 60 * DAY);
    const rate = (owner: object, code: string, price: string) => ({ ...owner, code, price, effective_from: from });
    await db
      .insertInto('rates')
      .values([
        rate({ rate_table_uuid: table }, '3361', '0.050000'),
        rate({ rate_table_uuid: table }, '3362', '0.060000'),
        rate({ vendor_product_uuid: vendorProduct }, '4401', '0.010000'),
        rate({ vendor_product_uuid: vendorProduct }, '4402', '0.020000'),
        rate({ vendor_product_uuid: vendorProduct }, '4403', '0.030000'),
      ])
      .execute();
    const company = await db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    acme = company.company_uuid;
    await db.updateTable('companies').set({ product_uuid: product }).where('company_uuid', '=', acme).execute();
  }, 120_000);
  afterAll(async () => t.close());

  const importDeck = (owner: string, kind: string, csv: string, day?: string) =>
    t.app.inject({
      method: 'POST',
      url: api(`/${owner}/change_set?kind=${kind}${day ? `&effective_from=${day}` : ''}`),
      headers: admin,
      payload: { csv },
    });
  const approve = (id: string, effective_from?: string) =>
    t.app.inject({
      method: 'POST',
      url: api(`/rate_change/${id}/approve`),
      headers: admin,
      payload: effective_from ? { effective_from } : {},
    });
  const deckCodes = async () =>
    (
      await apiOf(t.app).catalogRepository.deckRates(
        t.app.db,
        { vendor_product_uuid: vendorProduct },
        new Date(Date.now() + 1000),
      )
    )
      .map((r) => `${r.code}=${Number(r.price)}`)
      .sort();

  it('a partial deck leaves missing codes alone, an A–Z deck closes them; nothing changes before approval', async () => {
    const partial = await importDeck(`vendor_product/${vendorProduct}`, 'partial', 'code,price\n4401,0.012\n');
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ status: 'pending', kind: 'partial', increased: 1, closed: 0 });
    expect(await deckCodes()).toEqual(['4401=0.01', '4402=0.02', '4403=0.03']);
    expect((await approve(partial.json().change_set_uuid)).json()).toMatchObject({ status: 'approved' });
    expect(await deckCodes()).toEqual(['4401=0.012', '4402=0.02', '4403=0.03']);

    const az = await importDeck(`vendor_product/${vendorProduct}`, 'az', 'code,price\n4401,0.012\n4404,0.04\n');
    expect(az.json()).toMatchObject({ added: 1, closed: 2, unchanged: 1 });
    const details = (
      await t.app.inject({ url: api(`/rate_change/${az.json().change_set_uuid}`), headers: admin })
    ).json();
    expect(details.rows.map((r: { code: string; change: string }) => `${r.code}:${r.change}`).sort()).toEqual([
      '4402:closed',
      '4403:closed',
      '4404:added',
    ]);
    await approve(az.json().change_set_uuid);
    expect(await deckCodes()).toEqual(['4401=0.012', '4404=0.04']);
    // the compiled catalog closes them too: the deck prices 4402 no more
    const catalog = await apiOf(t.app).catalog.current();
    const versions = catalog.vendorProducts.get(vendorProduct)?.book.byCode.get('4402');
    expect([versions?.micros[0], (versions?.from[0] ?? Infinity) <= Date.now()]).toEqual([-1, true]);
  });

  it("the diff's margin impact equals a recomputation over the last 30 days of traffic", async () => {
    // Acme's messages on the table: two counted, one too old, one blocked, one to a code the deck lacks
    const sample = [
      { dnis: '33612345678', segments: 2, price: 100_000, cost: 20_000, ago: 1 },
      { dnis: '33623456789', segments: 1, price: 60_000, cost: 30_000, ago: 10 },
      { dnis: '33612345679', segments: 3, price: 150_000, cost: 60_000, ago: 40 },
      { dnis: '4912345678', segments: 1, price: 70_000, cost: 10_000, ago: 2 },
    ];
    const rows = sample.map((m) => ({
      company_uuid: acme,
      ani: '15550000000',
      dnis: m.dnis,
      text: 'hi',
      status: 'delivered' as const,
      segments: m.segments,
      price: String(m.price),
      cost: String(m.cost),
      created_on: new Date(now.getTime() - m.ago * DAY),
    }));
    rows.push({ ...rows[0], status: 'blocked' as never, created_on: new Date(now.getTime() - DAY) });
    await t.app.db.insertInto('sms').values(rows).execute();

    const res = await importDeck(`rate_table/${table}`, 'partial', 'code,price\n3361,0.070\n3362,0.055\n');
    const set = res.json();
    expect(set).toMatchObject({ increased: 1, decreased: 1 });
    const details = (await t.app.inject({ url: api(`/rate_change/${set.change_set_uuid}`), headers: admin })).json();
    // recomputed: per counted message, (new − old) × parts by its code; margin before is price − cost
    const newPrice: Record<string, number> = { '3361': 70_000, '3362': 55_000 };
    const oldPrice: Record<string, number> = { '3361': 50_000, '3362': 60_000 };
    const counted = sample.filter((m) => m.ago <= 30 && m.dnis.startsWith('336'));
    const change = counted.reduce(
      (s, m) => s + (newPrice[m.dnis.slice(0, 4)] - oldPrice[m.dnis.slice(0, 4)]) * m.segments,
      0,
    );
    const before = counted.reduce((s, m) => s + m.price - m.cost, 0);
    const group = details.impact.groups.find((g: { product_uuid: string }) => g.product_uuid === product);
    expect(group).toMatchObject({ product_name: 'Lifecycle product', messages: counted.length, unpriced: 0 });
    expect(toMicros(group.margin_change)).toBe(change);
    expect(toMicros(group.margin_before)).toBe(before);
    expect(toMicros(details.impact.margin_change)).toBe(change);
    expect(details.by_country).toEqual([
      expect.objectContaining({ country_name: 'France', increased: 1, decreased: 1 }),
    ]);
  });

  it('an increase waits for the notice period (refused before its date, applied after), a decrease applies at once; the company admin is told', async () => {
    const list = (await t.app.inject({ url: api('/rate_change/list?status=pending'), headers: admin })).json();
    const pending = list.items.find((s: { owner_name: string }) => s.owner_name === 'Lifecycle retail');
    const today = now.toISOString().slice(0, 10);
    const res = await approve(pending.change_set_uuid, today);
    expect(res.statusCode).toBe(200);
    const noticeEnd = now.getTime() + 7 * DAY;
    expect(Date.parse(res.json().increases_from)).toBe(noticeEnd);

    const catalog: CompiledCatalog = await apiOf(t.app).catalog.current();
    const price = (dnis: string, at: number) => priceFor(catalog, product, dnis, at);
    expect(price('33612345678', noticeEnd - DAY)).toBe(50_000); // the increase is refused before its date
    expect(price('33612345678', noticeEnd + 1000)).toBe(70_000); // and applied after
    expect(price('33623456789', now.getTime() + 1000)).toBe(55_000); // the decrease at once

    const notices = await t.app.inject({ url: api('/price_notice/list'), headers: acmeAdmin });
    expect(notices.statusCode).toBe(200);
    const notice = notices
      .json()
      .items.find((n: { change_set_uuid: string }) => n.change_set_uuid === pending.change_set_uuid);
    expect(notice).toMatchObject({
      customer_name: 'Acme',
      owner_name: 'Lifecycle retail',
      notice_days: 7,
      increased: 1,
      decreased: 1,
    });
    expect(Date.parse(notice.effective_from)).toBe(noticeEnd);
    const csv = await t.app.inject({ url: api(`/price_notice/${notice.notice_uuid}/csv`), headers: acmeAdmin });
    expect(csv.body).toContain('3361');
    expect(csv.body).toContain('increased');
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'attachment_kind', 'attachment_ref'])
      .where('recipient', '=', 'acme-admin@example.com')
      .where('attachment_ref', '=', notice.notice_uuid)
      .executeTakeFirst();
    expect(mail).toMatchObject({ attachment_kind: 'price_notice_csv' });
    expect(mail?.subject).toContain(new Date(noticeEnd).toISOString().slice(0, 10));
    // another company sees none of Acme's notices
    const globex = bearer(await login(t.app, 'globex-admin@example.com'));
    const theirs = (await t.app.inject({ url: api('/price_notice/list'), headers: globex })).json();
    expect(
      theirs.items.filter((n: { change_set_uuid: string }) => n.change_set_uuid === pending.change_set_uuid),
    ).toEqual([]);
  });

  it('a rejected change set writes nothing and stays decided', async () => {
    const res = await importDeck(`rate_table/${table}`, 'az', 'code,price\n3361,0.090\n');
    const id = res.json().change_set_uuid;
    const rejected = await t.app.inject({ method: 'POST', url: api(`/rate_change/${id}/reject`), headers: admin });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decided_by_name: 'System Admin' });
    const again = await approve(id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'change_set_decided']);
    const catalog = await apiOf(t.app).catalog.current();
    expect(priceFor(catalog, product, '33623456789', now.getTime() + 1000)).toBe(55_000);
  });
});
