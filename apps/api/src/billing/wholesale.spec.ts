import { CatalogCache } from '../catalog/cache';
import type { GatewayAdapter } from '../lib/sms-gateway';
import { Pipeline, type PipelinePorts } from '../messaging/pipeline';
import type { SendFacts } from '../messaging/facts';
import { applyReports } from '../messaging/settlement';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fundCompany, resellerWithLogin } from '../testing/fixtures';
import { balanceOf, formatMoney, parseMoney } from './index';
import { chargeResellers, messagingOf } from '../messaging';

type Headers = Record<string, string>;
type Row = Record<string, string | number | null>;

// A reseller pays the platform its platform product's rate for each message its companies are charged for.
describe("a reseller's cost side: its platform product's wholesale rate per charged message", () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, other: Headers, acmeAdmin: Headers;
  let resellerUuid: string, acme: string, wholesaleProduct: string, ownProduct: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const send = async (text: string, dnis = '+14155550111') => {
    const r = await call('POST', '/sms', acmeAdmin, { ani: '+12125552301', dnis, text });
    expect(r.statusCode).toBe(201);
    return r.json().sms.sms_uuid as string;
  };
  const sms = (id: string) =>
    t.app.db
      .selectFrom('sms')
      .select(['price', 'wholesale_cost', 'segments', 'status'])
      .where('sms_uuid', '=', id)
      .executeTakeFirstOrThrow();
  const resellerEntries = async (id: string) =>
    t.app.db
      .selectFrom('ledger_entries as e')
      .innerJoin('billing_accounts as a', 'a.account_uuid', 'e.account_uuid')
      .select(['e.amount', 'e.kind', 'e.idempotency_key'])
      .where('a.reseller_uuid', '=', resellerUuid)
      .where('e.cause_id', '=', id)
      .execute();
  const move = async (id: string, to: 'delivered' | 'undelivered') =>
    (await messagingOf(t.app).messaging.pipeline.apply([{ sms_uuid: id, to }]))[0];
  const setProduct = (product: string | null, who = admin) =>
    call('PATCH', `/reseller/${resellerUuid}`, who, { reseller_name: 'Demo Reseller', platform_product_uuid: product });

  beforeAll(async () => {
    t = await createTestApp({ messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    const co = await t.app.db
      .selectFrom('companies')
      .select(['company_uuid', 'reseller_uuid'])
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    acme = co.company_uuid;
    resellerUuid = co.reseller_uuid as string;
    const product = (name: string) =>
      t.app.db
        .selectFrom('products')
        .select('product_uuid')
        .where('product_name', '=', name)
        .executeTakeFirstOrThrow()
        .then((p) => p.product_uuid);
    // 'Wholesale' is the platform's (US +1 at 0.007); 'Reseller Standard' is the reseller's own (0.012, Acme's price)
    wholesaleProduct = await product('Wholesale');
    ownProduct = await product('Reseller Standard');
    other = (await resellerWithLogin(t.app, { name: 'Second Reseller', email: 'second-reseller@example.com' })).headers;
    await fundCompany(t.app, acme, parseMoney('50'));
  }, 180_000);
  afterAll(async () => t.close());

  it('only the system admin sets it, and only to a platform product', async () => {
    expect((await setProduct(ownProduct)).statusCode).toBe(400);
    expect((await setProduct(wholesaleProduct, reseller)).statusCode).toBe(403);
    const ok = await setProduct(wholesaleProduct);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().platform_product_uuid).toBe(wholesaleProduct);
  });

  it('a company of a reseller without a platform product costs the reseller nothing', async () => {
    expect((await setProduct(null)).statusCode).toBe(200);
    const before = await balanceOf(t.app.db, { reseller_uuid: resellerUuid });
    const id = await send('Not charged to the reseller');
    expect((await move(id, 'delivered')).moved).toBe(true);
    expect((await sms(id)).wholesale_cost).toBeNull();
    expect(await resellerEntries(id)).toEqual([]);
    expect((await balanceOf(t.app.db, { reseller_uuid: resellerUuid })).balance).toBe(before.balance);
  });

  it('a delivered message charges the company its price and the reseller the wholesale rate, once; an undelivered one neither', async () => {
    expect((await setProduct(wholesaleProduct)).statusCode).toBe(200);
    const resellerBefore = (await balanceOf(t.app.db, { reseller_uuid: resellerUuid })).balance;
    const companyBefore = (await balanceOf(t.app.db, { company_uuid: acme })).balance;
    const one = await send('One part');
    const two = await send('Two parts '.repeat(20));
    const lost = await send('Never arrives');
    // one as a batch of one through the pipeline's apply, with a catalog cache that checks the database on every read (CI's PGlite once
    // hung here: a due cache reloaded through the pool inside the move's open transaction); one through the
    // batched receipts
    const checking = new CatalogCache(t.app.db, 0);
    const pipeline = new Pipeline(
      t.app.db,
      checking,
      {} as GatewayAdapter,
      {} as SendFacts,
      () => ({}) as PipelinePorts,
    );
    expect((await pipeline.apply([{ sms_uuid: one, to: 'delivered' }]))[0].moved).toBe(true);
    expect(checking.reloads).toBe(1);
    await t.app.db.transaction().execute((trx) => applyReports(trx, [{ sms_uuid: two, to: 'delivered' }]));
    expect((await move(lost, 'undelivered')).moved).toBe(true);

    const [a, b, c] = [await sms(one), await sms(two), await sms(lost)];
    expect(b.segments).toBe(2);
    expect(BigInt(a.price as string)).toBe(parseMoney('0.012'));
    expect(BigInt(a.wholesale_cost as string)).toBe(parseMoney('0.007'));
    expect(BigInt(b.price as string)).toBe(parseMoney('0.024'));
    expect(BigInt(b.wholesale_cost as string)).toBe(parseMoney('0.014'));
    expect(c.wholesale_cost).toBeNull();
    expect(await resellerEntries(lost)).toEqual([]);
    for (const [id, amount] of [
      [one, '0.007'],
      [two, '0.014'],
    ] as const) {
      const entries = await resellerEntries(id);
      expect(entries.map((e) => [BigInt(e.amount as string), e.kind, e.idempotency_key])).toEqual([
        [-parseMoney(amount), 'sms_charge', `wholesale:${id}`],
      ]);
    }
    // a repeated settlement charges nothing more
    expect((await move(one, 'delivered')).moved).toBe(false);
    expect(await t.app.db.transaction().execute((trx) => chargeResellers(trx, [one, two]))).toBe(0);
    expect(await resellerEntries(one)).toHaveLength(1);

    const resellerAfter = (await balanceOf(t.app.db, { reseller_uuid: resellerUuid })).balance;
    const companyAfter = (await balanceOf(t.app.db, { company_uuid: acme })).balance;
    expect(resellerBefore - resellerAfter).toBe(parseMoney('0.021'));
    expect(companyBefore - companyAfter).toBe(parseMoney('0.036'));
    // the reseller reads its own account and its entries on its billing screens
    const shown = (await call('GET', '/balance', reseller)).json();
    expect(parseMoney(shown.balance)).toBe(resellerAfter);
    const own = (await call('GET', `/transaction/list?reseller_uuid=${resellerUuid}&per_page=100`, reseller)).json();
    expect(own.items.filter((e: Row) => e.cause_id === one || e.cause_id === two).map((e: Row) => e.amount)).toEqual(
      expect.arrayContaining([formatMoney(parseMoney('-0.007')), formatMoney(parseMoney('-0.014'))]),
    );
  });

  it("the reseller's report shows its platform cost and margin, totals equal to the rows and to the ledger", async () => {
    const r = await call('GET', '/sms/reseller/report?group_by_company=true', reseller);
    expect(r.statusCode).toBe(200);
    const { items, totals } = r.json() as { items: Row[]; totals: Row };
    const sum = (rows: Row[], f: string) => rows.reduce((s, x) => s + parseMoney(String(x[f] ?? '0')), 0n);
    for (const f of ['revenue', 'platform_cost', 'reseller_margin'])
      expect(sum(items, f)).toBe(parseMoney(String(totals[f])));
    // every wholesale entry on the reseller's account this month is in the report's platform cost
    const ledger = await t.app.db
      .selectFrom('ledger_entries as e')
      .innerJoin('billing_accounts as a', 'a.account_uuid', 'e.account_uuid')
      .select((eb) => eb.fn.sum<string>('e.amount').as('sum'))
      .where('a.reseller_uuid', '=', resellerUuid)
      .where('e.idempotency_key', 'like', 'wholesale:%')
      .executeTakeFirstOrThrow();
    expect(-BigInt(ledger.sum)).toBe(parseMoney('0.021'));
    expect(parseMoney(String(totals.platform_cost))).toBe(parseMoney('0.021'));
    const acmeRow = items.find((x) => x.company_uuid === acme) as Row;
    expect(parseMoney(String(acmeRow.reseller_margin))).toBe(
      parseMoney(String(acmeRow.revenue)) - parseMoney(String(acmeRow.platform_cost)),
    );
    // the same figures by day
    const byDay = (await call('GET', '/sms/report', reseller)).json() as { items: Row[]; totals: Row };
    expect(parseMoney(String(byDay.totals.platform_cost))).toBe(parseMoney('0.021'));
    expect(sum(byDay.items, 'platform_cost')).toBe(parseMoney('0.021'));
  });

  it('another reseller sees none of it', async () => {
    const r = (await call('GET', '/sms/reseller/report?group_by_company=true', other)).json() as {
      items: Row[];
      totals: Row;
    };
    expect(r.items).toEqual([]);
    expect(parseMoney(String(r.totals.platform_cost ?? '0'))).toBe(0n);
    const entries = (await call('GET', '/transaction/list?per_page=100', other)).json();
    expect(entries.items).toEqual([]);
    expect((await call('GET', `/balance?reseller_uuid=${resellerUuid}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/reseller/${resellerUuid}`, other)).statusCode).toBe(403);
  });
});
