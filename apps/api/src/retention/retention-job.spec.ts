import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

/** The pass is a recurring job on the queue: it runs by itself, and queues the next one when it is done. */
describe('message retention: the job', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'retention-job-'));
    t = await createTestApp({ retention: { archiveDir: dir, everySeconds: 1 } });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs passes on its own, one after another', async () => {
    const admin = bearer(await login(t.app, 'admin@example.com'));
    let passes: { total: number; items: { state: string; started_by: string }[] } = { total: 0, items: [] };
    for (let i = 0; i < 120 && passes.total < 2; i++) {
      await new Promise((r) => setTimeout(r, 500));
      passes = (await t.app.inject({ url: api('/retention/passes'), headers: admin })).json();
    }
    expect(passes.total).toBeGreaterThanOrEqual(2);
    expect(passes.items.every((p) => p.started_by === 'job')).toBe(true);
    expect(passes.items.filter((p) => p.state === 'done').length).toBeGreaterThanOrEqual(1);
  });
});
