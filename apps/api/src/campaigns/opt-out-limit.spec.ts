// Issue 52 item 4: a running campaign holds itself once its recipients' STOPs pass the company's limit, with the
// reason on the campaign and in the audit log; below the limit (or before the minimum sent) it runs on.
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed } from '../testing/fixtures';
import { messagingOf } from '../messaging';
import { bulkPortOf, setBulkPort, type BulkPort } from './bulk-port';
import { passesLimit } from './opt-out-limit';

type Headers = Record<string, string>;

describe('the campaign opt-out limit', () => {
  let t: TestApp;
  let acme: Headers;
  let acmeCo: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  beforeAll(async () => {
    t = await createTestApp({ messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeCo = await companyNamed(t.app, 'Acme');
  }, 120_000);
  afterAll(async () => t.close());

  it('passes only above the share, and only after the minimum sent', () => {
    expect(passesLimit(2, 100, 2, 100)).toBe(false);
    expect(passesLimit(3, 100, 2, 100)).toBe(true);
    expect(passesLimit(3, 99, 2, 100)).toBe(false);
  });

  it('holds a running campaign whose STOPs pass 2% of 100 sent, with the reason shown and audited', async () => {
    const numbers = Array.from({ length: 5 }, (_, i) => `+1415555080${i}`);
    const c = (
      await call('POST', '/campaign', {
        campaign_name: 'Noisy',
        text: 'Big sale',
        ani: '+12125552301',
        numbers,
        // scheduled later: the campaign is running while its job waits, so the test drives what was "sent"
        start_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).json().campaign;
    expect((await call('POST', `/campaign/${c.campaign_uuid}/run`)).json().campaign.status).toBe('running');
    const { bulk_uuid } = await t.app.db
      .selectFrom('campaign_jobs')
      .select('bulk_uuid')
      .where('campaign_uuid', '=', c.campaign_uuid)
      .executeTakeFirstOrThrow();
    // the campaign's messages as the job stores them, and its engine reporting 100 of 5,000 sent
    await t.app.db
      .insertInto('sms')
      .values(
        numbers.map((dnis, i) => ({
          company_uuid: acmeCo,
          ani: '+12125552301',
          dnis,
          text: 'Big sale',
          status: 'delivered' as const,
          bulk_uuid,
          bulk_seq: i + 1,
        })),
      )
      .execute();
    const real = bulkPortOf(t.app) as BulkPort;
    setBulkPort(t.app, {
      ...real,
      create: (i) => real.create(i),
      run: (id) => real.run(id),
      hold: (id) => real.hold(id),
      stop: (id) => real.stop(id),
      progress: async () => ({
        total: 5000,
        sent: 100,
        delivered: 100,
        failed: 0,
        blocked: 0,
        left: 4900,
        status: 'running',
      }),
    });
    expect((await call('GET', '/opt_out_settings')).json().opt_out_settings).toMatchObject({
      campaign_limit_percent: 2,
      campaign_min_sent: 100,
    });
    const status = async () =>
      (await call('GET', `/campaign/${c.campaign_uuid}`)).json().campaign as { status: string; pause_reason: string };
    const audited = () =>
      t.app.db
        .selectFrom('audit_log')
        .select(['entity', 'changes', 'actor_uuid'])
        .where('entity', '=', 'campaign')
        .where('entity_id', '=', c.campaign_uuid)
        .executeTakeFirst();
    /** the limit is checked after the STOP is answered; its audit entry is its last step (the bulk is held before it) */
    const settle = async () => {
      for (let i = 0; i < 100 && !(await audited()); i++) await new Promise((r) => setTimeout(r, 50));
      return status();
    };
    const mo = (from: string) =>
      messagingOf(t.app).messaging.inbound.receive({ from, to: '+12125552301', text: 'STOP' });
    await mo(numbers[0]);
    await mo(numbers[1]);
    // the same number again counts once
    await mo(numbers[1]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await status()).toMatchObject({ status: 'running', pause_reason: null });
    await mo(numbers[2]);
    const held = await settle();
    expect(held.status).toBe('held');
    expect(held.pause_reason).toMatch(/3 of 100 recipients \(3\.0%\) opted out, above the 2% limit/);
    const bulk = await t.app.db
      .selectFrom('bulks')
      .select('status')
      .where('bulk_uuid', '=', bulk_uuid)
      .executeTakeFirst();
    expect(bulk?.status).toBe('held');
    const entry = await audited();
    expect(entry?.actor_uuid).toBeNull();
    expect(JSON.stringify(entry?.changes)).toMatch(/opted out/);
    // a person running it again clears the reason
    const again = await call('POST', `/campaign/${c.campaign_uuid}/run`);
    expect(again.json().campaign).toMatchObject({ status: 'running', pause_reason: null });
  });
});
