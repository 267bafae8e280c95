import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { foldDeltas } from './queries';

type Headers = Record<string, string>;
type Row = { time: string | null; messages: number };

// Messages a few minutes either side of midnight in Los Angeles (Acme, UTC-7 in March) and in Kolkata (Globex,
// UTC+5:30): in UTC each pair falls on one day, and Kolkata's pair in one hour of the rollups.
const LA = ['2026-03-10T06:50:00Z', '2026-03-10T07:10:00Z']; // 23:50 on the 9th, 00:10 on the 10th
const IN = ['2026-03-10T18:20:00Z', '2026-03-10T18:40:00Z']; // 23:50 on the 10th, 00:10 on the 11th
const MONTH_END_IN = '2026-03-31T18:40:00Z'; // 00:10 on 1 April in Kolkata

describe("reports count the days of the caller's zone", () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string, globexCo: string;
  const get = async (url: string, h: Headers) => {
    const r = await t.app.inject({ method: 'GET', url: api(url), headers: h });
    expect({ url, status: r.statusCode }).toEqual({ url, status: 200 });
    return r;
  };
  const patchHome = (h: Headers, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: api('/home'), headers: h, payload });
  const byDay = async (h: Headers, start: string, end: string, extra = '') => {
    const page = (
      await get(`/stat/report?step=day&fields=messages&start_time=${start}&end_time=${end}${extra}`, h)
    ).json();
    return { zone: page.time_zone as string, rows: (page.items as Row[]).map((r) => [r.time, r.messages]) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, reseller, acme, acmeUser, globex] = await Promise.all(
      ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'].map(async (u) =>
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
    [acmeCo, globexCo] = [await co('Acme'), await co('Globex')];
    const reseller_uuid = (
      await t.app.db
        .selectFrom('companies')
        .select('reseller_uuid')
        .where('company_uuid', '=', acmeCo)
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    await t.app.db
      .updateTable('companies')
      .set({ time_zone: 'America/Los_Angeles' })
      .where('company_uuid', '=', acmeCo)
      .execute();
    // Globex's admin sets its company's zone from its profile (a company admin speaks for its company)
    expect((await patchHome(globex, { time_zone: 'Asia/Kolkata' })).statusCode).toBe(200);
    const message = (company_uuid: string, created_on: string, reseller: string | null) => ({
      company_uuid,
      reseller_uuid: reseller,
      ani: '+12125552301',
      dnis: '+14155550111',
      text: 'near midnight',
      status: 'delivered' as const,
      segments: 1,
      price: '10000',
      cost: '5000',
      created_on: new Date(created_on),
    });
    await t.app.db
      .insertInto('sms')
      .values([
        ...LA.map((c) => message(acmeCo, c, reseller_uuid)),
        ...[...IN, MONTH_END_IN].map((c) => message(globexCo, c, null)),
      ] as never)
      .execute();
  }, 300_000);
  afterAll(async () => t.close());

  it("splits Los Angeles' pair at its midnight, folded or not, and names the zone", async () => {
    // the company's days from the 9th to the 11th: midnight there is 07:00Z
    const range = ['2026-03-09T07:00:00Z', '2026-03-11T07:00:00Z'] as const;
    const expected = {
      zone: 'America/Los_Angeles',
      rows: [
        ['2026-03-09T07:00:00.000Z', 1],
        ['2026-03-10T07:00:00.000Z', 1],
      ],
    };
    expect(await byDay(acme, ...range)).toEqual(expected);
    await foldDeltas(t.app.db);
    expect(await byDay(acme, ...range)).toEqual(expected);
    // a company user's reports are its company's days too
    expect(await byDay(acmeUser, ...range)).toEqual({ zone: 'America/Los_Angeles', rows: [] });
  });

  it("splits Kolkata's pair inside one UTC hour at its midnight (18:30Z), and its days add up to the whole", async () => {
    const range = ['2026-03-09T18:30:00Z', '2026-03-11T18:30:00Z'] as const;
    const expected = {
      zone: 'Asia/Kolkata',
      rows: [
        ['2026-03-09T18:30:00.000Z', 1],
        ['2026-03-10T18:30:00.000Z', 1],
      ],
    };
    await foldDeltas(t.app.db);
    expect(await byDay(globex, ...range)).toEqual(expected);
    const total = (await get(`/stat/report?step=total&start_time=${range[0]}&end_time=${range[1]}`, globex)).json();
    expect(total.totals.messages).toBe(2);
    // the month holding 00:10 on 1 April there is April
    const months = (
      await get(
        '/stat/report?step=month&fields=messages&start_time=2026-02-28T18:30:00Z&end_time=2026-04-30T18:30:00Z',
        globex,
      )
    ).json();
    expect(months.items.map((r: Row) => [r.time, r.messages])).toEqual([
      ['2026-02-28T18:30:00.000Z', 2],
      ['2026-03-31T18:30:00.000Z', 1],
    ]);
  });

  it('gives the same figures by company over whole weeks (weekly rollup) as by day (daily, hourly), folded or not', async () => {
    // March 2026 in UTC: Mondays the 2nd to the 30th make four whole weeks, the 1st and the 30th–31st are days
    const range = 'start_time=2026-03-01T00:00:00Z&end_time=2026-04-01T00:00:00Z';
    const figures = 'fields=messages,delivered,revenue,cost';
    const sum = (rows: Record<string, string | number>[], f: string) => rows.reduce((s, r) => s + Number(r[f]), 0);
    for (const fold of [false, true]) {
      if (fold) await foldDeltas(t.app.db);
      const byCompany = (await get(`/stat/report?step=total&group=company&${figures}&${range}`, admin)).json();
      const byDayAll = (await get(`/stat/report?step=day&${figures}&${range}`, admin)).json();
      for (const f of ['messages', 'delivered', 'revenue', 'cost']) {
        expect({ fold, f, n: sum(byCompany.items, f) }).toEqual({ fold, f, n: Number(byDayAll.totals[f]) });
        expect({ fold, f, n: Number(byCompany.totals[f]) }).toEqual({ fold, f, n: Number(byDayAll.totals[f]) });
      }
      for (const co of [acmeCo, globexCo]) {
        const days = (await get(`/stat/report?step=day&${figures}&${range}&company_uuid=${co}`, admin)).json();
        const row = byCompany.items.find((r: { company_uuid: string }) => r.company_uuid === co);
        expect({ fold, co, n: row.messages }).toEqual({ fold, co, n: sum(days.items, 'messages') });
        expect({ fold, co, n: row.revenue }).toEqual({ fold, co, n: days.totals.revenue });
      }
    }
  });

  it("reads date-only bounds as the zone's days: the SMS report of the 10th holds the 10th's message alone", async () => {
    const page = (await get('/sms/report?date_gte=2026-03-10&date_lte=2026-03-10', globex)).json();
    expect(page.time_zone).toBe('Asia/Kolkata');
    expect(page.start_time).toBe('2026-03-09T18:30:00.000Z');
    expect(page.end_time).toBe('2026-03-10T18:30:00.000Z');
    expect(page.totals.messages).toBe(1);
    expect(page.items.map((r: Row) => [r.time, r.messages])).toEqual([['2026-03-09T18:30:00.000Z', 1]]);
  });

  it("writes a report's CSV times in its zone, as the console shows them, under a labelled header", async () => {
    const csv = (
      await get(
        '/stat/report?format=csv&step=day&fields=messages&start_time=2026-03-09T18:30:00Z&end_time=2026-03-11T18:30:00Z',
        globex,
      )
    ).body.split('\r\n');
    expect(csv[0]).toBe('Time (Asia/Kolkata),Messages');
    expect(csv.slice(1, 3)).toEqual(['2026-03-10 00:00,1', '2026-03-11 00:00,1']);
  });

  it('counts a system admin in UTC until it picks a zone, then in its own', async () => {
    const range = ['2026-03-10T00:00:00Z', '2026-03-12T00:00:00Z'] as const;
    expect(await byDay(admin, ...range, `&company_uuid=${globexCo}`)).toEqual({
      zone: 'UTC',
      rows: [['2026-03-10T00:00:00.000Z', 2]],
    });
    const saved = await patchHome(admin, { time_zone: 'Asia/Kolkata' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.time_zone).toBe('Asia/Kolkata');
    expect(await byDay(admin, '2026-03-09T18:30:00Z', '2026-03-11T18:30:00Z', `&company_uuid=${globexCo}`)).toEqual({
      zone: 'Asia/Kolkata',
      rows: [
        ['2026-03-09T18:30:00.000Z', 1],
        ['2026-03-10T18:30:00.000Z', 1],
      ],
    });
    expect((await get('/dashboard?interval=7%20day', admin)).json().time_zone).toBe('Asia/Kolkata');
  });

  it("gives a reseller its own zone: its report's days are the zone's", async () => {
    expect((await patchHome(reseller, { time_zone: 'America/Los_Angeles' })).statusCode).toBe(200);
    const page = (await get('/sms/reseller/report?date_gte=2026-03-09&date_lte=2026-03-10', reseller)).json();
    expect(page.time_zone).toBe('America/Los_Angeles');
    expect(page.items.map((r: Row) => [r.time, r.messages])).toEqual([
      ['2026-03-09T07:00:00.000Z', 1],
      ['2026-03-10T07:00:00.000Z', 1],
    ]);
  });

  it('takes a zone only as an IANA name, and never from a company user (its company has one)', async () => {
    for (const bad of ['+05:30', 'Mars/Olympus', 'UTC; drop table sms']) {
      const res = await patchHome(reseller, { time_zone: bad });
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
    expect((await patchHome(acmeUser, { time_zone: 'Europe/Berlin' })).statusCode).toBe(403);
    const home = (await get('/home', acme)).json();
    expect(home.company.time_zone).toBe('America/Los_Angeles');
    expect(home.user.time_zone).toBeNull();
  });
});
