import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { destinationOf, diallingPrefixes } from './destination';

type Row = Record<string, number | string | null>;
const STATES = ['delivered', 'undelivered', 'failed', 'pending', 'blocked'] as const;

describe('destination keys', () => {
  it('maps dialling codes to countries, NANP area codes to their own country', () => {
    const map = new Map(diallingPrefixes().map((p) => [p.prefix, p.iso2]));
    expect(map.get('44')).toBe('GB');
    expect(map.get('49')).toBe('DE');
    expect(map.get('1')).toBe('US');
    expect(map.get('1416')).toBe('CA');
    expect(map.has('1415')).toBe(false);
  });
  it('splits a rollup key into country and network, and reads a key from before countries', () => {
    expect(destinationOf('GB|Vodafone')).toEqual({
      country_code: 'GB',
      country: 'United Kingdom',
      network: 'Vodafone',
      destination: 'United Kingdom · Vodafone',
    });
    expect(destinationOf('CA|')).toMatchObject({ country: 'Canada', network: null, destination: 'Canada' });
    expect(destinationOf('Telekom')).toMatchObject({ country: null, network: 'Telekom', destination: 'Telekom' });
    expect(destinationOf(null).destination).toBeNull();
  });
});

describe('the destination report over seeded traffic', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const get = async (url: string) => {
    const r = await t.app.inject({ method: 'GET', url: api(url), headers: admin });
    expect(r.statusCode).toBe(200);
    return r;
  };
  // destination, network as rating left it, and how many of each state
  const TRAFFIC: [dnis: string, network: string | null][] = [
    ['+447700900123', 'Vodafone UK'],
    ['+447410900123', 'O2 (UK)'],
    ['+4915112345678', 'Telekom'],
    ['+14165550123', null],
    ['+14155550123', null],
  ];
  const STATUSES = ['delivered', 'undelivered', 'failed', 'queued', 'sent', 'blocked', 'cancelled'];

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    const co = await t.app.db
      .selectFrom('companies')
      .select(['company_uuid', 'reseller_uuid'])
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    for (const [dnis, network] of TRAFFIC)
      for (const status of STATUSES)
        await sql`insert into sms (company_uuid, reseller_uuid, is_received, ani, dnis, text, status, segments, mobile_network_name)
          values (${co.company_uuid}, ${co.reseller_uuid}, false, '+12125552301', ${dnis}, 'where to', ${status}, 2, ${network})`.execute(
          t.app.db,
        );
    // a message rated first and delivered later moves between states inside its destination
    await sql`update sms set status = 'delivered' where dnis = '+447700900123' and status = 'sent'`.execute(t.app.db);
  }, 300_000);
  afterAll(async () => t.close());

  it('groups every message by country and network, and its totals are the sums of its rows', async () => {
    const r = (
      await get(
        '/stat/report?step=total&group=network&fields=messages,segments,delivered,undelivered,failed,pending,blocked',
      )
    ).json();
    const rows = r.items as Row[];
    const find = (country: string, network: string | null) =>
      rows.find((x) => x.country === country && x.network === network);
    expect(find('United Kingdom', 'Vodafone UK')).toMatchObject({ destination: 'United Kingdom · Vodafone UK' });
    expect(Number(find('United Kingdom', 'Vodafone UK')?.delivered)).toBeGreaterThanOrEqual(2);
    expect(find('United Kingdom', 'O2 (UK)')?.messages).toBeGreaterThanOrEqual(STATUSES.length);
    expect(find('Germany', 'Telekom')?.blocked).toBeGreaterThanOrEqual(2);
    expect(find('Canada', null)?.messages).toBeGreaterThanOrEqual(STATUSES.length);
    expect(find('United States of America', null)?.messages).toBeGreaterThanOrEqual(STATUSES.length);
    // no outgoing message is left without a country
    expect(rows.filter((x) => Number(x.messages) > 0 && !x.country)).toEqual([]);
    for (const f of ['messages', 'segments', ...STATES])
      expect(rows.reduce((s, x) => s + Number(x[f] ?? 0), 0)).toBe(Number(r.totals[f]));
    expect(Number(r.totals.messages)).toBe(STATES.reduce((s, f) => s + Number(r.totals[f]), 0));
    const counted = await t.app.db
      .selectFrom('sms')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('is_received', '=', false)
      .where('created_on', '>=', new Date(r.start_time))
      .where('created_on', '<', new Date(r.end_time))
      .executeTakeFirstOrThrow();
    expect(Number(r.totals.messages)).toBe(counted.n);
  });

  it('writes the country and the network as their own CSV columns', async () => {
    const csv = (await get('/stat/report?step=total&group=network&fields=messages&format=csv')).body;
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Country,Network,Messages');
    expect(lines.some((l) => l.startsWith('United Kingdom,Vodafone UK,'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Canada,,'))).toBe(true);
  });
});
