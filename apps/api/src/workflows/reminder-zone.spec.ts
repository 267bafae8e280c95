import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { setJobsPort } from './index';

type Headers = Record<string, string>;

const clock = (d: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/** 09:00 on the clock of `zone` on the calendar day `daysAgo` days before now (either UTC offset the zone has). */
function nineOclock(zone: string, daysAgo: number): Date {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  for (let offset = -14; offset <= 14; offset++) {
    const sign = offset < 0 ? '-' : '+';
    const at = new Date(`${day}T09:00:00${sign}${String(Math.abs(offset)).padStart(2, '0')}:00`);
    if (clock(at, zone) === '09:00') return at;
  }
  throw new Error(`no 09:00 in ${zone} on ${day}`);
}

describe("reminder repeats on the company's clock", () => {
  let t: TestApp;
  let acme: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    setJobsPort(t.app, { send: async () => undefined, work: async () => undefined });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());

  it('lets the company admin set the zone, refuses an unknown one, and keeps 09:00 there across daylight saving', async () => {
    const company = (await call('GET', '/home')).json().company;
    expect(company.time_zone).toBe('America/New_York');
    const bad = await call('PATCH', `/company/${company.company_uuid}`, { time_zone: 'Mars/Olympus' });
    expect([bad.statusCode, bad.body]).toEqual([400, expect.stringContaining('time_zone')]);
    const set = await call('PATCH', `/company/${company.company_uuid}`, { time_zone: 'America/Chicago' });
    expect([set.statusCode, set.json().time_zone]).toEqual([200, 'America/Chicago']);
    // first run half a year ago, so on the other side of a daylight-saving change from today
    const first = nineOclock('America/Chicago', 182);
    const created = await call('POST', '/reminder_workflow', {
      name: 'Every morning',
      ani: '+12125552301',
      text: 'Good morning',
      numbers: ['+14155550401'],
      remind_at: first.toISOString(),
      repeat: 'daily',
    });
    expect(created.statusCode).toBe(201);
    const next = new Date(created.json().reminder_workflow.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
    expect(clock(next, 'America/Chicago')).toBe('09:00');
  });
});
