import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;

/** Campaigns through the real bulk engine (pg-boss jobs, the messaging pipeline, the built-in simulator). */
describe('campaign run through the bulk engine', () => {
  let t: TestApp;
  let acme: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url: api(url), headers: acme, payload });
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simLatencyMs: 20, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());

  it('sends every recipient once from the ANI group\'s numbers in turn, substitutes {name}, and finishes', async () => {
    await call('POST', '/recipient', { recipient_name: 'Ann', number: '+14155550501' });
    const group = (await call('POST', '/ani_group', { name: 'Rotation', numbers: ['+12125552301', '+12125552302'] })).json().ani_group;
    const c = (await call('POST', '/campaign', {
      campaign_name: 'Real run', text: 'Hello {name}', ani_group_uuid: group.ani_group_uuid, all_recipients: true,
      numbers: ['+14155550502', '+14155550503', '+14155550504'],
    })).json().campaign;
    const run = await call('POST', `/campaign/${c.campaign_uuid}/run`);
    expect([run.statusCode, run.json().campaign.status]).toEqual([200, 'running']);
    let now = run.json().campaign;
    for (let i = 0; i < 120 && now.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      now = (await call('GET', `/campaign/${c.campaign_uuid}`)).json().campaign;
    }
    expect(now).toMatchObject({ status: 'finished', progress: { total: 4, left: 0 } });
    const sms = await t.app.db.selectFrom('sms').select(['ani', 'dnis', 'text']).where('dnis', 'in', ['+14155550501', '+14155550502', '+14155550503', '+14155550504'])
      .where('is_received', '=', false).execute();
    expect(sms).toHaveLength(4);
    expect(new Set(sms.map((m) => m.ani))).toEqual(new Set(['+12125552301', '+12125552302']));
    expect(sms.find((m) => m.dnis === '+14155550501')?.text).toBe('Hello Ann');
    const dash = (await call('GET', '/campaign/dashboard')).json();
    expect(dash.counts.finished).toBe(1);
  }, 90_000);

  it('holds and stops a scheduled campaign\'s bulk job with it', async () => {
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const c = (await call('POST', '/campaign', { campaign_name: 'Later', text: 'x', ani: '+12125552301', numbers: ['+14155550511'], start_at: start })).json().campaign;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    const bulkStatus = async () => (await t.app.db.selectFrom('bulks').select('status').where('campaign_uuid', '=', c.campaign_uuid).executeTakeFirstOrThrow()).status;
    expect(await bulkStatus()).toBe('scheduled');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/hold`)).json().campaign.status).toBe('held');
    expect(await bulkStatus()).toBe('held');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/stop`)).json().campaign.status).toBe('stopped');
    expect(await bulkStatus()).toBe('stopped');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).statusCode).toBe(409);
  }, 60_000);
});
