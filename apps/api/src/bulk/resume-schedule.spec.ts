import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;
const ACME_ANI = '+12125552301';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('resuming a held, scheduled bulk or campaign keeps its scheduled time', () => {
  let t: TestApp;
  let acme: Headers;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  const bulkRow = (id: string) =>
    t.app.db
      .selectFrom('bulks')
      .select(['status', 'send_at', 'started_on'])
      .where('bulk_uuid', '=', id)
      .executeTakeFirstOrThrow();
  const messagesOf = async (id: string) =>
    (await t.app.db.selectFrom('sms').select('sms_uuid').where('bulk_uuid', '=', id).execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 240_000);
  afterAll(async () => t.close());

  it('a bulk held before its time goes back to scheduled on run, and nothing is sent early', async () => {
    const send_at = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call('POST', '/bulk', { ani: ACME_ANI, text: 'Later', numbers: ['+14155550190'], send_at });
    expect(created.json().status).toBe('scheduled');
    const id = created.json().bulk_uuid;
    expect((await call('POST', `/bulk/${id}/hold`)).json().status).toBe('held');
    const resumed = await call('POST', `/bulk/${id}/run`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().status).toBe('scheduled');
    await sleep(1500);
    const row = await bulkRow(id);
    expect(row).toMatchObject({ status: 'scheduled', started_on: null });
    expect(row.send_at?.toISOString()).toBe(send_at);
    expect(await messagesOf(id)).toBe(0);
  });

  it('a scheduled campaign held and resumed keeps its start time', async () => {
    const start_at = new Date(Date.now() + 3_600_000).toISOString();
    const c = (
      await call('POST', '/campaign', {
        campaign_name: 'Tomorrow morning',
        text: 'Good morning',
        ani: ACME_ANI,
        numbers: ['+14155550191'],
        start_at,
      })
    ).json().campaign;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).statusCode).toBe(200);
    expect((await call('POST', `/campaign/${c.campaign_uuid}/hold`)).json().campaign.status).toBe('held');
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    await sleep(1500);
    const job = await t.app.db
      .selectFrom('campaign_jobs')
      .select('bulk_uuid')
      .where('campaign_uuid', '=', c.campaign_uuid)
      .executeTakeFirstOrThrow();
    expect(await bulkRow(job.bulk_uuid)).toMatchObject({ status: 'scheduled', started_on: null });
    expect(await messagesOf(job.bulk_uuid)).toBe(0);
    // and it says until when it waits
    const shown = (await call('GET', `/campaign/${c.campaign_uuid}`)).json().campaign;
    expect(shown.progress.waiting_until).toBe(start_at);
  });
});
