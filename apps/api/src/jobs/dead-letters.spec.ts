import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { readEnv } from '../config';
import { jobsOf } from '.';

const until = async (check: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('failed jobs: retries with backoff, then dead letters an operator retries or discards', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: readEnv({ JOB_RETRY_LIMIT: '2', JOB_RETRY_DELAY_SECONDS: '1' }) });
    admin = bearer(await login(t.app, 'admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());
  const list = async () => (await t.app.inject({ url: api('/operations/failed_jobs'), headers: admin })).json();

  it('retries a failing job with growing delays, then lists it with its error; a retry runs it again', async () => {
    const jobs = jobsOf(t.app);
    const attempts: number[] = [];
    let healthy = false;
    await jobs.work<{ order: string }>(
      'spec-flaky',
      async () => {
        attempts.push(Date.now());
        if (!healthy) throw new Error('carrier answered 503');
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.send('spec-flaky', { order: 'A-1' });
    await until(async () => (await list()).total === 1);
    // the first run and two retries
    expect(attempts).toHaveLength(3);
    const gaps = [attempts[1] - attempts[0], attempts[2] - attempts[1]];
    // backoff: about 1–2 s, then 2–4 s (polling adds up to half a second)
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1900);
    const [failed] = (await list()).items;
    expect(failed).toMatchObject({ queue: 'spec-flaky', attempts: 3, error: 'carrier answered 503' });
    expect(JSON.parse(failed.data)).toEqual({ order: 'A-1' });

    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^smsc_job_dead_letters\{queue="spec-flaky"\} 1$/m);

    healthy = true;
    const retried = await t.app.inject({
      method: 'POST',
      url: api(`/operations/failed_jobs/${failed.id}/retry`),
      headers: admin,
    });
    expect(retried.statusCode).toBe(200);
    await until(async () => attempts.length === 4);
    expect((await list()).total).toBe(0);
    // a second retry of the same letter finds nothing: it cannot be sent twice
    const again = await t.app.inject({
      method: 'POST',
      url: api(`/operations/failed_jobs/${failed.id}/retry`),
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  }, 60_000);

  it('discards a dead letter, in the audit log; only the system admin sees or touches them', async () => {
    const jobs = jobsOf(t.app);
    await jobs.work('spec-broken', async () => {
      throw new Error('bad data');
    });
    await jobs.send('spec-broken', { n: 1 });
    await until(async () => (await list()).items.some((j: { queue: string }) => j.queue === 'spec-broken'));
    const id = (await list()).items.find((j: { queue: string }) => j.queue === 'spec-broken').id;
    const acme = bearer(await login(t.app, 'acme-admin@example.com'));
    expect((await t.app.inject({ url: api('/operations/failed_jobs'), headers: acme })).statusCode).toBe(403);
    const refused = await t.app.inject({ method: 'DELETE', url: api(`/operations/failed_jobs/${id}`), headers: acme });
    expect(refused.statusCode).toBe(403);
    const gone = await t.app.inject({ method: 'DELETE', url: api(`/operations/failed_jobs/${id}`), headers: admin });
    expect(gone.statusCode).toBe(200);
    expect((await list()).items.some((j: { id: string }) => j.id === id)).toBe(false);
    const audit = await t.app.inject({ url: api(`/audit/list?entity=failed_job&entity_id=${id}`), headers: admin });
    expect(audit.json().items).toHaveLength(1);
  }, 60_000);
});
