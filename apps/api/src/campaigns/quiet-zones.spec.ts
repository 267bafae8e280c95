import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;

/** The wall clock (HH:MM) of an instant in a zone. */
const clock = (d: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/** Quiet hours in a campaign: the recipients' zones come from their numbers' prefixes, not their states. */
describe('campaign quiet hours by the zone of the number prefix', () => {
  let t: TestApp;
  let acme: Headers;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simLatencyMs: 20, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 240_000);
  afterAll(async () => t.close());

  /** Runs a campaign to `numbers` with quiet hours from 30 minutes before to 30 minutes after now in `zone`. */
  async function runQuietAround(zone: string, numbers: string[]) {
    const now = Date.now();
    const c = (
      await call('POST', '/campaign', {
        campaign_name: `Quiet around ${zone}`,
        text: 'Hello',
        ani: '+12125552301',
        numbers,
        quiet_start: clock(new Date(now - 1_800_000), zone),
        quiet_end: clock(new Date(now + 1_800_000), zone),
      })
    ).json().campaign;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    const jobs = await t.app.db
      .selectFrom('campaign_jobs')
      .innerJoin('bulks', 'bulks.bulk_uuid', 'campaign_jobs.bulk_uuid')
      .select(['campaign_jobs.time_zone', 'bulks.send_at'])
      .where('campaign_jobs.campaign_uuid', '=', c.campaign_uuid)
      .execute();
    await call('POST', `/campaign/${c.campaign_uuid}/stop`);
    // minutes from now until each zone's job may send (0: at once)
    return Object.fromEntries(
      jobs.map((j) => [j.time_zone, Math.max(0, Math.round(((j.send_at?.getTime() ?? now) - now) / 60_000))]),
    );
  }

  it("Knoxville (865) is Eastern: quiet in Tennessee's Central time is not quiet there", async () => {
    // Central is inside its quiet hours, Eastern (an hour later) already past them
    expect(await runQuietAround('America/Chicago', ['+18655240101'])).toEqual({ 'America/New_York': 0 });
  });

  it('El Paso (915) is Mountain, and a North Dakota prefix spanning two zones waits for both', async () => {
    // Mountain is inside its quiet hours, Central (an hour later) already past them
    const waits = await runQuietAround('America/Denver', ['+19155330101', '+17019990101']);
    expect(Object.keys(waits).sort()).toEqual(['America/Denver', 'America/Denver&America/North_Dakota/Center']);
    for (const wait of Object.values(waits)) expect(wait).toBeGreaterThanOrEqual(29);
    for (const wait of Object.values(waits)) expect(wait).toBeLessThanOrEqual(31);
  });
});
