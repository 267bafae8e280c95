import { createTestApp, type TestApp } from '../testing/test-app';
import { jobsOf } from '.';

describe('jobs (pg-boss)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('works every sent job once, and a delayed job only after its time', async () => {
    const jobs = jobsOf(t.app);
    const seen: number[] = [];
    let lateAt = 0;
    await jobs.work<{ n: number }>(
      'spec-count',
      async ({ n }) => {
        seen.push(n);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.work<{ n: number }>(
      'spec-late',
      async () => {
        lateAt = Date.now();
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const start = Date.now();
    for (let n = 0; n < 20; n++) await jobs.send('spec-count', { n });
    await jobs.send('spec-late', { n: 0 }, { startAfter: new Date(start + 1500) });
    for (let i = 0; i < 100 && (seen.length < 20 || !lateAt); i++) await new Promise((r) => setTimeout(r, 200));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(lateAt - start).toBeGreaterThanOrEqual(1400);
  }, 60_000);

  it('keeps one queued job per singleton key', async () => {
    const jobs = jobsOf(t.app);
    const a = await jobs.send(
      'spec-single',
      { n: 1 },
      { singletonKey: 'k', startAfter: new Date(Date.now() + 60_000) },
    );
    const b = await jobs.send(
      'spec-single',
      { n: 2 },
      { singletonKey: 'k', startAfter: new Date(Date.now() + 60_000) },
    );
    expect(a).toBeTruthy();
    expect(b).toBeNull();
  });
});
