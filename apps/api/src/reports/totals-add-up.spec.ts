import { sql } from 'kysely';
import type { SmsStatus } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;
type Row = Record<string, number | string | null>;
const STATES = ['delivered', 'undelivered', 'failed', 'pending', 'blocked'] as const;
const COUNTS = ['messages', ...STATES, 'received'] as const;
const ALL: SmsStatus[] = [
  'scheduled',
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'blocked',
  'cancelled',
  'received',
];

describe('reports that add up: over seeded traffic with a message in every state', () => {
  let t: TestApp;
  let admin: Headers, acme: Headers;
  const get = async (url: string, h: Headers) => {
    const r = await t.app.inject({ method: 'GET', url: api(url), headers: h });
    expect(r.statusCode).toBe(200);
    return r.json();
  };
  const fields = `fields=${COUNTS.join(',')}`;

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    const co = await t.app.db
      .selectFrom('companies')
      .select(['company_uuid', 'reseller_uuid'])
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    // one more message of Acme in each state the pipeline can leave one in, two of each
    for (const status of [...ALL, ...ALL])
      await sql`insert into sms (company_uuid, reseller_uuid, is_received, ani, dnis, text, status, segments)
        values (${co.company_uuid}, ${co.reseller_uuid}, ${status === 'received'}, '+12125552301', '+14155550199', 'every state', ${status}, 1)`.execute(
        t.app.db,
      );
  }, 300_000);
  afterAll(async () => t.close());

  const addsUp = (totals: Row) => {
    // every outgoing message is in exactly one state column
    expect(Number(totals.messages)).toBe(STATES.reduce((s, f) => s + Number(totals[f] ?? 0), 0));
    expect(Number(totals.blocked)).toBeGreaterThan(0);
    expect(Number(totals.pending)).toBeGreaterThan(0);
  };
  const columnsAddUp = (rows: Row[], totals: Row) => {
    for (const f of COUNTS) expect(rows.reduce((s, r) => s + Number(r[f] ?? 0), 0)).toBe(Number(totals[f] ?? 0));
  };

  it('the dashboard: messages = delivered + undelivered + failed + pending + blocked, for the admin and the company', async () => {
    for (const h of [admin, acme]) addsUp((await get('/dashboard', h)).totals);
  });

  it('every report total equals the sum of its rows, whatever the grouping, and of its state columns', async () => {
    for (const group of ['', '&group=company', '&group=status', '&group=network', '&group=number']) {
      const r = await get(`/stat/report?step=total&${fields}${group}`, admin);
      addsUp(r.totals);
      columnsAddUp(r.items, r.totals);
    }
    const byHour = await get(`/stat/report?step=hour&${fields}`, acme);
    addsUp(byHour.totals);
    columnsAddUp(byHour.items, byHour.totals);
  });
});
