import { sql } from 'kysely';
import { formatDateTime } from '@smsc/shared-util';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { messagingOf } from '../messaging';
import type { SmscSimulator } from '../messaging/gateway/simulator';
import { foldDeltas } from './queries';

type Headers = Record<string, string>;

describe('reports: rollups follow messages, tenancy, bad input, CSV', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, globex: Headers;
  let acmeCo: string, globexCo: string;
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: api(url), headers });
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const today = (h: Headers, extra = '') => get(`/stat/report?step=total${extra}`, h).then((r) => r.json().totals);
  const send = (text: string) =>
    t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis: '+14155550111', text },
    });

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    [admin, reseller, acme, globex] = await Promise.all(
      ['admin', 'reseller', 'acme-admin', 'globex-admin'].map(async (u) =>
        bearer(await login(t.app, `${u}@example.com`)),
      ),
    );
    const co = async (name: string) =>
      (
        await t.app.db
          .selectFrom('companies')
          .select('company_uuid')
          .where('company_name', '=', name)
          .executeTakeFirstOrThrow()
      ).company_uuid;
    acmeCo = await co('Acme');
    globexCo = await co('Globex');
    // building the app (migrations, seed) took over 120 s on the shared machine at load 40
  }, 300_000);
  afterAll(async () => t.close());

  it('counts a sent message as pending, then moves it to delivered once, with its revenue, folded or not', async () => {
    const before = await today(acme);
    for (const text of ['one', 'two', 'three']) expect((await send(text)).statusCode).toBe(201);
    const sent = await today(acme);
    expect(sent.messages - before.messages).toBe(3);
    expect(sent.pending - before.pending).toBe(3);
    await sim().drain();
    const delivered = await today(acme);
    expect(delivered.messages - before.messages).toBe(3);
    expect(delivered.pending).toBe(before.pending);
    expect(delivered.delivered - before.delivered).toBe(3);
    // Reseller Standard prices +1 at 0.012: three delivered messages add 0.036 of revenue
    expect(Number(delivered.revenue) - Number(before.revenue)).toBeCloseTo(0.036, 6);
    // a company admin never sees the vendor cost
    expect(delivered.cost).toBeNull();
    // folding moves deltas into the rollups without changing any figure
    expect(await foldDeltas(t.app.db)).toBeGreaterThan(0);
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('report_deltas')
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    expect(await today(acme)).toEqual(delivered);
    // and the rollups match a count of the messages themselves
    const raw = await t.app.db
      .selectFrom('sms')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_uuid', '=', acmeCo)
      .where('is_received', '=', false)
      .executeTakeFirstOrThrow();
    expect((await today(acme, '&start_time=2020-01-01T00:00:00Z&end_time=2020-12-31T00:00:00Z')).messages).toBe(0);
    const all = await get(
      '/stat/report?step=total&start_time=' + new Date(Date.now() - 300 * 86_400_000).toISOString(),
      acme,
    );
    expect(all.json().totals.messages).toBe(raw.n);
  });

  it('gives the same figures from every rollup projection, folded or not', async () => {
    const since = new Date(Date.now() - 300 * 86_400_000).toISOString();
    // owner, number, vendor and full rollups answer these (projections.ts); their totals must agree
    const figures = (r: Record<string, unknown>) =>
      Object.fromEntries(
        [
          'messages',
          'segments',
          'delivered',
          'undelivered',
          'failed',
          'pending',
          'blocked',
          'received',
          'revenue',
          'cost',
          'margin',
        ].map((k) => [k, r[k]]),
      );
    const totals = async () =>
      Promise.all(
        ['company', 'number', 'vendor', 'network'].map(async (group) =>
          figures((await get(`/stat/report?step=total&group=${group}&start_time=${since}`, admin)).json().totals),
        ),
      );
    await send('projection check');
    const unfolded = await totals();
    for (const t of unfolded) expect(t).toEqual(unfolded[0]);
    await foldDeltas(t.app.db);
    const folded = await totals();
    for (const t of folded) expect(t).toEqual(unfolded[0]);
    // by day the daily rollups answer the whole days: the same sum as the hourly ones
    const byDay = (await get(`/stat/report?step=day&start_time=${since}`, admin)).json();
    expect(figures(byDay.totals)).toEqual(unfolded[0]);
    expect(unfolded[0].messages).toBeGreaterThan(0);
  });

  it('lands a late delivery report in the hour the message was created', async () => {
    const res = await send('late report');
    const id = res.json().sms.sms_uuid;
    const created = new Date(Date.now() - 11 * 3_600_000); // an hour without demo traffic
    await t.app.db
      .updateTable('sms')
      .set({ created_on: created } as never)
      .where('sms_uuid', '=', id)
      .execute();
    await sim().drain();
    const hour = new Date(Math.floor(created.getTime() / 3_600_000) * 3_600_000).toISOString();
    const rows = (
      await get(
        `/stat/report?step=hour&start_time=${hour}&end_time=${new Date(Date.parse(hour) + 3_600_000).toISOString()}&group=status`,
        acme,
      )
    ).json().items;
    expect(rows).toEqual([expect.objectContaining({ time: hour, status: 'delivered', delivered: 1, messages: 1 })]);
  });

  it('shows each caller only its tenancy: company admin its company, reseller its companies, admin all', async () => {
    await t.app.db
      .insertInto('sms')
      .values({
        company_uuid: globexCo,
        reseller_uuid: null,
        ani: '+13125552401',
        dnis: '+14155550999',
        text: 'globex',
        status: 'delivered',
        segments: 1,
        price: '20000',
        cost: '5000',
      })
      .execute();
    const byCompany = async (h: Headers) =>
      (await get('/stat/report?step=total&group=company', h))
        .json()
        .items.map((r: { company_name: string }) => r.company_name)
        .sort();
    expect(await byCompany(acme)).toEqual(['Acme']);
    expect(await byCompany(globex)).toEqual(['Globex']);
    expect(await byCompany(reseller)).toEqual(['Acme']);
    expect(await byCompany(admin)).toEqual(['Acme', 'Globex']);
    // naming another company's id filters within the caller's scope: nothing, not Globex's figures
    expect((await get(`/stat/report?step=total&company_uuid=${globexCo}`, acme)).json().totals.messages).toBe(0);
    expect((await get('/dashboard', globex)).json().totals.messages).toBe(1);
    expect((await get('/dashboard', admin)).json().totals.cost).toMatch(/^\d+\.\d+$/);
    expect((await get('/sms/reseller/report', acme)).statusCode).toBe(403);
  });

  it("answers a dashboard by day in whole days of the company's zone and by hour in the last hours", async () => {
    const week = (await get('/dashboard?interval=7%20day', acme)).json();
    expect(week.step).toBe('day');
    // Acme keeps the default zone, New York: its days start at its midnight, not UTC's
    expect(week.time_zone).toBe('America/New_York');
    expect(formatDateTime(week.start_time, { zone: week.time_zone })).toMatch(/ 00:00$/);
    expect(formatDateTime(week.end_time, { zone: week.time_zone })).toMatch(/ 00:00$/);
    // eight days, one of them perhaps 23 or 25 hours long
    expect(Math.round((Date.parse(week.end_time) - Date.parse(week.start_time)) / 86_400_000)).toBe(8);
    const day = (await get('/dashboard', acme)).json();
    expect(day.step).toBe('hour');
    expect(Date.parse(day.end_time) - Date.parse(day.start_time)).toBe(86_400_000);
    // the same messages either way: today's are in both
    expect(week.totals.messages).toBeGreaterThanOrEqual(day.totals.messages);
  });

  it('answers 400 to bad input: end before start, over a year, unknown group, step or interval', async () => {
    for (const url of [
      '/stat/report?start_time=2026-11-02T00:00:00Z&end_time=2026-11-01T00:00:00Z',
      '/stat/report?start_time=2024-01-01T00:00:00Z&end_time=2026-01-01T00:00:00Z',
      '/stat/report?group=planet',
      '/stat/report?step=fortnight',
      '/log/report?group=company,planet',
      '/dashboard?interval=forever',
      '/sms/report?date_gte=2026-11-10&date_lte=2026-11-01',
    ]) {
      const res = await get(url, admin);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('keeps log/report the SMS log unless asked for groups, steps or fields', async () => {
    expect((await get('/log/report?count=2', acme)).json().items[0]).toHaveProperty('sms_uuid');
    const agg = (await get('/log/report?group=vendor&step=day&fields=messages,revenue,cost,margin', admin)).json();
    expect(agg.group).toEqual(['vendor']);
    expect(agg.items[0]).toEqual(
      expect.objectContaining({
        vendor_name: expect.any(String),
        revenue: expect.any(String),
        margin: expect.any(String),
      }),
    );
    expect(agg.items[0]).not.toHaveProperty('delivered');
    // every group's name comes through its owner's relation (accounts' and the catalog's rows)
    const named = (
      await get('/stat/report?group=reseller,company,user,vendor_product&step=total&fields=messages', admin)
    ).json();
    expect(named.items.length).toBeGreaterThan(0);
    for (const row of named.items) expect(row.company_name).toEqual(expect.any(String));
    // a blocked message went to no route: its row has no product
    expect(
      named.items.some((r: { vendor_product_name: string | null }) => typeof r.vendor_product_name === 'string'),
    ).toBe(true);
    expect(named.items.some((r: { user_name: string | null }) => typeof r.user_name === 'string')).toBe(true);
    expect(named.items.some((r: { reseller_name: string | null }) => typeof r.reseller_name === 'string')).toBe(true);
    const prefixed = (await get('/log/report?step=total&dnis_prefix=1415', acme)).json();
    expect(prefixed.totals.messages).toBeGreaterThanOrEqual(4);
    const london = (await get('/log/report?step=total&dnis_prefix=44', acme)).json();
    expect(london.totals.messages).toBe(1);
  });

  it('answers the SMS, reseller and recipient reports as pages', async () => {
    const byCo = (await get('/sms/report?group_by_company=true', admin)).json();
    expect(byCo.items.map((r: { company_name: string }) => r.company_name).sort()).toEqual(['Acme', 'Globex']);
    const byDay = (await get('/sms/report?per_page=1&page=0', acme)).json();
    expect(byDay.items).toHaveLength(1);
    expect(byDay.total).toBeGreaterThanOrEqual(1);
    expect(
      (await get('/sms/reseller/report?group_by_company=true', reseller))
        .json()
        .items.map((r: { company_name: string }) => r.company_name),
    ).toEqual(['Acme']);
    expect((await get('/sms/recipient/report', acme)).json()).toEqual({ items: [], total: 0, per_page: 10 });
  });

  it("never shows another company's recipient in the recipient report, even when a message names it", async () => {
    const globexRecipient = await t.app.db
      .insertInto('recipients')
      .values({ company_uuid: globexCo, recipient_name: 'Globex secret', number: '+13125550166' })
      .returning('recipient_uuid')
      .executeTakeFirstOrThrow();
    const sent = (await send('to a recipient')).json().sms;
    // a message stored before body ids were checked can still carry a foreign recipient
    await t.app.db
      .updateTable('sms')
      .set({ recipient_uuid: globexRecipient.recipient_uuid })
      .where('sms_uuid', '=', sent.sms_uuid)
      .execute();
    for (const format of ['', '&format=csv']) {
      const res = await get(`/sms/recipient/report?per_page=100${format}`, acme);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Globex secret');
      expect(res.body).not.toContain('3125550166');
    }
    await t.app.db.updateTable('sms').set({ recipient_uuid: null }).where('sms_uuid', '=', sent.sms_uuid).execute();
  });

  it('streams reports and the SMS logs as CSV without mangling phone numbers', async () => {
    await send('=HYPERLINK("http://x")');
    const log = await get('/log/report?format=csv', acme);
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toMatch(/text\/csv/);
    const lines = log.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Created (UTC),SMS id,Direction,From,To,Status,Block reason,Segments,Encoding,Price,Currency,Vendor product,Network,Company,User,Sent by,Text',
    );
    // money as a plain number beside its currency, never as text such as "USD 0.012" or "'-USD 1.00"
    const sent = lines.find((l) => l.includes(',+12125552301,+14155550111,')) as string;
    expect(sent).toMatch(/,(\d+\.\d+),USD,/);
    expect(log.body).not.toMatch(/'?-?USD \d/);
    expect(
      lines.some((l) => l.includes(',+12125552301,+14155550111,') && l.endsWith(`,"'=HYPERLINK(""http://x"")"`)),
    ).toBe(true);
    const incoming = await get('/log/mo_report?format=csv', acme);
    expect(incoming.body.split('\r\n').filter((l) => l.includes(',incoming,'))).toHaveLength(2);
    const report = await get('/stat/report?format=csv&step=total&group=number', admin);
    expect(report.body.split('\r\n')[0]).toBe(
      'Number,Messages,Segments,Delivered,Undelivered,Failed,Pending,Blocked,Received,Revenue,Cost,Lookup cost,Margin,Platform cost,Reseller margin,Currency',
    );
    expect(report.body).toContain('\r\n+12125552301,');
  });

  it("streams the SMS log screens' export from /sms/list with their filters, both directions merged newest first across batches", async () => {
    // 1,400 Globex messages, the directions interleaved in time (more than the first keyset batch of 500)
    await sql`insert into sms (company_uuid, is_received, ani, dnis, text, status, segments, created_on)
      select ${globexCo}::uuid, g % 2 = 0, '+1312555' || lpad(g::text, 4, '0'), '+14155550999', 'bulk ' || g,
        case when g % 2 = 0 then 'received' else 'delivered' end, 1, now() - g * interval '1 second'
      from generate_series(1, 1400) g`.execute(t.app.db);
    const ids = (rows: string[]) =>
      rows
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(',')[1]);
    const all = await get('/sms/list?format=csv&page=3&per_page=10', globex);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toContain('sms-log.csv');
    const expected = await t.app.db
      .selectFrom('sms')
      .select('sms_uuid')
      .where('company_uuid', '=', globexCo)
      .orderBy('created_on', 'desc')
      .orderBy('sms_uuid', 'desc')
      .execute();
    // every message of the scope once, in the list's order (paging is ignored)
    expect(ids(all.body.split('\r\n'))).toEqual(expected.map((r) => r.sms_uuid));
    // the list's filters apply: a direction and a number
    const incoming = (await get('/sms/list?format=csv&is_received=true', globex)).body.split('\r\n');
    expect(ids(incoming)).toHaveLength(700);
    expect(
      incoming
        .slice(1)
        .filter(Boolean)
        .every((l) => l.includes(',incoming,')),
    ).toBe(true);
    const one = (await get('/sms/list?format=csv&ani=%2B13125550007', globex)).body.trim().split('\r\n');
    expect(one).toHaveLength(2);
    expect(one[1]).toContain(',+13125550007,+14155550999,');
    // tenancy: Acme's admin and the reseller (Acme only) never get Globex's rows; the company admin sees no cost column
    for (const h of [acme, reseller]) expect((await get('/sms/list?format=csv', h)).body).not.toContain('Globex');
    expect((await get('/sms/list?format=csv', acme)).body.split('\r\n')[0]).not.toContain('Cost');
    expect((await get('/sms/list?format=csv', admin)).body).toContain('Globex');
  }, 120_000);
});
