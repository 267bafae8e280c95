import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { post } from '../billing';
import type { BalanceLowEvent } from './service';
import { guardsOf } from '.';
import { fieldsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';

describe('guards at every tenant level: spend limits, destinations, margin floor, low balance, audit', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string, globexCo: string, otherCo: string, acmeProduct: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const send = (dnis: string, text = 'guarded') => call('POST', '/sms', acme, { ani: ACME_ANI, dnis, text });
  const lastAudit = async (entity: string) =>
    t.app.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id', 'desc').executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'guards', simAutoDeliver: false, simFailureRate: 0 } });
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
    const co = (name: string) =>
      t.app.db
        .selectFrom('companies')
        .select(['company_uuid', 'product_uuid'])
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow();
    const a = await co('Acme');
    acmeCo = a.company_uuid;
    acmeProduct = a.product_uuid as string;
    globexCo = (await co('Globex')).company_uuid;
    // a company of another reseller
    const other = await t.app.db
      .selectFrom('resellers')
      .select('reseller_uuid')
      .where('reseller_name', '=', 'Reseller 01')
      .executeTakeFirstOrThrow();
    otherCo = (
      await t.app.db
        .insertInto('companies')
        .values({ company_name: 'Other Reseller Co', reseller_uuid: other.reseller_uuid })
        .returning('company_uuid')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 5_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'g',
      }),
    );
  }, 120_000);
  afterAll(async () => t.close());

  it('tenancy: a reseller reaches its own company only; a company admin its own; a user none', async () => {
    expect((await call('GET', `/company/${acmeCo}/guards`, reseller)).statusCode).toBe(200);
    expect((await call('GET', `/company/${acmeCo}/guards`, acme)).statusCode).toBe(200);
    expect((await call('GET', `/company/${acmeCo}/guards`, acmeUser)).statusCode).toBe(403);
    // another reseller's company, and a direct company of the platform: not the demo reseller's
    for (const id of [otherCo, globexCo]) {
      expect((await call('GET', `/company/${id}/guards`, reseller)).statusCode).toBe(404);
      expect((await call('PUT', `/company/${id}/guards`, reseller, { daily_limit: '1.00' })).statusCode).toBe(404);
    }
    expect((await call('PUT', `/company/${acmeCo}/guards`, globex, { own_daily_limit: '1' })).statusCode).toBe(404);
    expect(
      await t.app.db
        .selectFrom('company_guards')
        .select('company_uuid')
        .where('company_uuid', 'in', [otherCo, globexCo])
        .execute(),
    ).toEqual([]);
    // the system admin reaches any
    const set = await call('PUT', `/company/${otherCo}/guards`, admin, { daily_limit: '3', allowed_countries: ['us'] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ daily_limit: '3.00', effective_countries: ['US'] });
  });

  it('spend limits: the reseller sets them, the company admin only lowers its own, a send past them is blocked', async () => {
    const set = await call('PUT', `/company/${acmeCo}/guards`, reseller, { daily_limit: '0.05', monthly_limit: '10' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ daily_limit: '0.05', monthly_limit: '10.00', effective_daily_limit: '0.05' });
    expect(await lastAudit('company_guards')).toMatchObject({
      action: 'update',
      actor_type: 'reseller',
      company_uuid: acmeCo,
    });
    // the company admin may not set its biller's limit nor raise its own above it
    expect((await call('PUT', `/company/${acmeCo}/guards`, acme, { daily_limit: '1' })).statusCode).toBe(403);
    const above = await call('PUT', `/company/${acmeCo}/guards`, acme, { own_daily_limit: '0.06' });
    expect(above.statusCode).toBe(400);
    expect(fieldsOf(above)).toHaveProperty('own_daily_limit');
    const lowered = await call('PUT', `/company/${acmeCo}/guards`, acme, { own_daily_limit: '0.03' });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({
      daily_limit: '0.05',
      own_daily_limit: '0.03',
      effective_daily_limit: '0.03',
    });
    expect(await lastAudit('company_guards')).toMatchObject({ actor_type: 'company_admin' });

    // 0.012 a message: two fit in 0.03, the third would pass the limit
    expect((await send('+14155550101')).statusCode).toBe(201);
    expect((await send('+14155550102')).statusCode).toBe(201);
    const third = await send('+14155550103');
    expect(third.statusCode).toBe(422);
    expect(third.json().detail).toMatch(/spend_limit/);
    const usage = (await call('GET', `/company/${acmeCo}/guards`, acme)).json();
    expect(usage).toMatchObject({ spent_today: '0.024', spent_this_month: '0.024' });
    const blocked = await t.app.db
      .selectFrom('sms')
      .select(['sms_uuid', 'status', 'block_reason'])
      .where('dnis', '=', '+14155550103')
      .executeTakeFirstOrThrow();
    expect(blocked).toMatchObject({ status: 'blocked', block_reason: 'spend_limit' });
    // the reason is on the message's timeline
    const events = (await call('GET', `/sms/${blocked.sms_uuid}/events`, acme)).json().events as {
      kind: string;
      summary: string;
    }[];
    expect(events.find((e) => e.kind === 'blocked')?.summary).toMatch(/spend limit/);
    // lifted: sends again
    await call('PUT', `/company/${acmeCo}/guards`, reseller, {
      daily_limit: null,
      monthly_limit: null,
      own_daily_limit: null,
    });
    expect((await send('+14155550104')).statusCode).toBe(201);
  });

  it('destinations: the reseller default and a company list; others blocked before any charge', async () => {
    const resellerId = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Demo Reseller')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    expect(
      (await call('PUT', `/reseller/${resellerId}/guards`, reseller, { allowed_countries: ['GB'] })).statusCode,
    ).toBe(200);
    // a reseller sets no margin floor, and no other reseller's defaults
    expect((await call('PUT', `/reseller/${resellerId}/guards`, reseller, { min_margin: '0.001' })).statusCode).toBe(
      403,
    );
    const other = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Reseller 01')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    expect((await call('PUT', `/reseller/${other}/guards`, reseller, { allowed_countries: ['US'] })).statusCode).toBe(
      404,
    );
    const before = await t.app.db.selectFrom('ledger_reservations').select('reservation_uuid').execute();
    const us = await send('+14155550105');
    expect(us.statusCode).toBe(422);
    expect(us.json().detail).toMatch(/destination_not_allowed/);
    expect(await t.app.db.selectFrom('ledger_reservations').select('reservation_uuid').execute()).toHaveLength(
      before.length,
    );
    expect((await call('GET', `/company/${acmeCo}/guards`, acme)).json()).toMatchObject({
      allowed_countries: null,
      reseller_default_countries: ['GB'],
      effective_countries: ['GB'],
    });
    // the country list with the company's prices: the US priced at 0.012, not allowed now; GB allowed
    const list = (await call('GET', `/company/${acmeCo}/guards/countries`, acme)).json().items as {
      iso2: string;
      price: string | null;
      allowed: boolean;
    }[];
    expect(list.find((c) => c.iso2 === 'US')).toMatchObject({ price: '0.012', allowed: false });
    expect(list.find((c) => c.iso2 === 'GB')).toMatchObject({ allowed: true });
    // the company's own list wins over the default
    await call('PUT', `/company/${acmeCo}/guards`, reseller, { allowed_countries: ['US', 'CA'] });
    expect((await send('+14155550106')).statusCode).toBe(201);
    await call('PUT', `/company/${acmeCo}/guards`, reseller, { allowed_countries: null });
    await call('PUT', `/reseller/${resellerId}/guards`, reseller, { allowed_countries: null });
    expect((await send('+14155550107')).statusCode).toBe(201);
  });

  it('margin floor: no route under it is picked; none above it blocks below_margin; the quote says so', async () => {
    // Acme's product sells +1 at 0.012; the cheapest route costs 0.004 (a margin of 0.008)
    expect(
      (await call('PUT', `/product/${acmeProduct}/margin_floor`, reseller, { min_margin: '0.01' })).statusCode,
    ).toBe(403);
    const floor = await call('PUT', `/product/${acmeProduct}/margin_floor`, admin, { min_margin: '0.01' });
    expect(floor.json()).toEqual({ product_uuid: acmeProduct, min_margin: '0.01' });
    const res = await send('+14155550108');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/below_margin/);
    const q = await call('POST', '/sms/quote', acme, { text: 'x', dnis: '+14155550108' });
    expect(q.json().reason).toBe('below_margin');
    expect((await call('GET', `/company/${acmeCo}/guards`, reseller)).json().min_margin).toBe('0.01');
    expect((await call('GET', `/company/${acmeCo}/guards`, acme)).json().min_margin).toBeNull();
    await call('PUT', `/product/${acmeProduct}/margin_floor`, admin, { min_margin: '0.005' });
    expect((await send('+14155550109')).statusCode).toBe(201);
    await call('PUT', `/product/${acmeProduct}/margin_floor`, admin, { min_margin: null });
  });

  it('low balance: once per crossing, re-armed above it; the banner and the balance.low event', async () => {
    const heard: BalanceLowEvent[] = [];
    guardsOf(t.app).events.on('balance.low', (e) => heard.push(e));
    const before = (await call('GET', '/balance', acme)).json();
    const left = Number(before.balance) - Number(before.reserved);
    // a threshold just under what is left: the next send crosses it
    const threshold = (left - 0.005).toFixed(3);
    const set = await call('PUT', `/company/${acmeCo}/guards`, acme, { low_balance_threshold: threshold });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ low_balance_threshold: threshold, low_balance: false });
    expect((await call('GET', '/guards/alerts', acme)).json().low_balance).toBeNull();
    expect((await send('+14155550110')).statusCode).toBe(201);
    expect((await send('+14155550111')).statusCode).toBe(201);
    await guardsOf(t.app).settled();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ company_uuid: acmeCo, threshold, currency: 'USD' });
    const banner = (await call('GET', '/guards/alerts', acmeUser)).json();
    expect(banner.low_balance).toMatchObject({ threshold, currency: 'USD' });
    // a top-up lifts it above: re-armed, so the next crossing is told again
    await call('POST', '/payment', reseller, { method: 'manual', amount: '0.03', company_uuid: acmeCo });
    expect((await call('GET', '/guards/alerts', acme)).json().low_balance).toBeNull();
    for (const n of ['+14155550112', '+14155550113', '+14155550114']) await send(n);
    await guardsOf(t.app).settled();
    expect(heard).toHaveLength(2);
    await call('PUT', `/company/${acmeCo}/guards`, acme, { low_balance_threshold: null });
  });
});
