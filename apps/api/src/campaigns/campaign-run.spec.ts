import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { messagingOf, type SmscSimulator } from '../messaging';
import { bulkOf } from '../bulk';
import { jobQueueSchema } from '../db/job-queue-backend';

type Headers = Record<string, string>;

/** Campaigns through the real bulk engine (pg-boss jobs, the messaging pipeline, the built-in simulator). */
describe('campaign run through the bulk engine', () => {
  let t: TestApp;
  let acme: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simLatencyMs: 20, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 240_000);
  afterAll(async () => t.close());

  it("sends every recipient once from the ANI group's numbers in turn, substitutes {name}, and finishes", async () => {
    await call('POST', '/recipient', { recipient_name: 'Ann', number: '+14155550501' });
    const group = (
      await call('POST', '/ani_group', { name: 'Rotation', numbers: ['+12125552301', '+12125552302'] })
    ).json().ani_group;
    const c = (
      await call('POST', '/campaign', {
        campaign_name: 'Real run',
        text: 'Hello {name}',
        ani_group_uuid: group.ani_group_uuid,
        all_recipients: true,
        numbers: ['+14155550502', '+14155550503', '+14155550504'],
        values: { name: 'friend' },
      })
    ).json().campaign;
    const run = await call('POST', `/campaign/${c.campaign_uuid}/run`);
    expect([run.statusCode, run.json().campaign.status]).toEqual([200, 'running']);
    let now = run.json().campaign;
    for (let i = 0; i < 120 && now.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      now = (await call('GET', `/campaign/${c.campaign_uuid}`)).json().campaign;
    }
    expect(now).toMatchObject({ status: 'finished', progress: { total: 4, left: 0 } });
    const sms = await t.app.db
      .selectFrom('sms')
      .select(['ani', 'dnis', 'text'])
      .where('dnis', 'in', ['+14155550501', '+14155550502', '+14155550503', '+14155550504'])
      .where('is_received', '=', false)
      .execute();
    expect(sms).toHaveLength(4);
    expect(new Set(sms.map((m) => m.ani))).toEqual(new Set(['+12125552301', '+12125552302']));
    expect(sms.find((m) => m.dnis === '+14155550501')?.text).toBe('Hello Ann');
    expect(sms.find((m) => m.dnis === '+14155550502')?.text).toBe('Hello friend');
    const dash = (await call('GET', '/campaign/dashboard')).json();
    expect(dash.counts.finished).toBe(1);
  }, 90_000);

  it("holds and stops a scheduled campaign's bulk job with it", async () => {
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const c = (
      await call('POST', '/campaign', {
        campaign_name: 'Later',
        text: 'x',
        ani: '+12125552301',
        numbers: ['+14155550511'],
        start_at: start,
      })
    ).json().campaign;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    const bulkStatus = async () =>
      (
        await t.app.db
          .selectFrom('bulks')
          .select('status')
          .where('campaign_uuid', '=', c.campaign_uuid)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await bulkStatus()).toBe('scheduled');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/hold`)).json().campaign.status).toBe('held');
    expect(await bulkStatus()).toBe('held');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/stop`)).json().campaign.status).toBe('stopped');
    expect(await bulkStatus()).toBe('stopped');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).statusCode).toBe(409);
  }, 60_000);

  const until = async <T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (ok(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it("sends a running campaign's message to a number that opts in by keyword, once", async () => {
    const c = (
      await call('POST', '/campaign', {
        campaign_name: 'Join us',
        text: 'Welcome to the club',
        ani: '+12125552301',
        numbers: ['+14155550521'],
      })
    ).json().campaign;
    await call('POST', '/keyword', { keyword: 'CLUB', action: 'opt_in', campaign_uuid: c.campaign_uuid });
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    const jobsOf = () =>
      t.app.db
        .selectFrom('bulks')
        .select(['bulk_uuid', 'status'])
        .where('campaign_uuid', '=', c.campaign_uuid)
        .execute();
    await until(jobsOf, (j) => j.every((b) => b.status === 'finished'));
    const mo = (from: string) =>
      (messagingOf(t.app).gateway as SmscSimulator).injectMo({ from, to: '+12125552301', text: 'club' });
    expect((await mo('+14155550522')).statusCode).toBe(200);
    const toNew = () =>
      t.app.db
        .selectFrom('sms')
        .select(['text', 'ani'])
        .where('dnis', '=', '+14155550522')
        .where('is_received', '=', false)
        .execute();
    expect(await until(toNew, (m) => m.length > 0)).toEqual([{ text: 'Welcome to the club', ani: '+12125552301' }]);
    // the same number again: already in the campaign, nothing more
    await mo('+14155550522');
    await until(jobsOf, (j) => j.every((b) => b.status === 'finished'));
    expect(await toNew()).toHaveLength(1);
    const done = await until(
      async () => (await call('GET', `/campaign/${c.campaign_uuid}`)).json().campaign,
      (x) => x.status === 'finished',
    );
    expect(done).toMatchObject({ status: 'finished', recipient_count: 2, progress: { total: 2, left: 0 } });
  }, 90_000);

  it('pauses a running job while its zone is in quiet hours and makes it due again when they end there', async () => {
    const clock = (d: Date) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    const now = Date.now();
    const c = (
      await call('POST', '/campaign', {
        campaign_name: 'Quiet',
        text: 'Not now',
        ani: '+12125552301',
        numbers: ['+12125550531', '+12125550532'],
        quiet_start: clock(new Date(now - 3_600_000)),
        quiet_end: clock(new Date(now + 3_600_000)),
      })
    ).json().campaign;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    const job = await t.app.db
      .selectFrom('bulks')
      .select(['bulk_uuid', 'status', 'send_at'])
      .where('campaign_uuid', '=', c.campaign_uuid)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('scheduled');
    // The job's time comes while the window is still shut (a window that closed after it started behaves alike): it runs but sends nothing.
    await t.app.db
      .updateTable('bulks')
      .set({ status: 'held', send_at: null })
      .where('bulk_uuid', '=', job.bulk_uuid)
      .execute();
    expect(await bulkOf(t.app).run(job.bulk_uuid)).toBe('running');
    const schema = jobQueueSchema(t.app.db, t.app.config.dbSchema);
    const due = async () =>
      (
        await sql<{ start_after: Date }>`select start_after from ${sql.raw(schema)}.job where name = 'bulk-send__keyed'
      and data->>'bulk_uuid' = ${job.bulk_uuid} and state = 'created' and start_after > now() + interval '10 minutes'`.execute(
          t.app.db,
        )
      ).rows;
    const later = await until(due, (r) => r.length > 0);
    expect(later).toHaveLength(1);
    // due when quiet hours end in New York (the minute of quiet_end), not before
    expect(clock(new Date(later[0].start_after))).toBe(clock(new Date(now + 3_600_000)));
    expect(await bulkOf(t.app).progress(job.bulk_uuid)).toMatchObject({ status: 'running', sent: 0, left: 2 });
    await call('POST', `/campaign/${c.campaign_uuid}/stop`);
  }, 60_000);
});
