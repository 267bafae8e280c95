// A pumping burst spread over two API nodes (observer.ts). On PostgreSQL two instances share the database and
// one of them feeds the windows from what both stored; on the embedded PGlite there is one process, so both
// halves go through it.
import type { FastifyInstance } from 'fastify';
import { api, bearer, createTestApp, login, secondNode, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { guardsOf } from '.';

const ACME_ANI = '+12125552301';
type Headers = Record<string, string>;

describe('pumping windows over several nodes', () => {
  let first: TestApp;
  let second: FastifyInstance | null = null;
  let nodes: [FastifyInstance, FastifyInstance];
  let admin: Headers, acme: Headers;
  let acmeCo: string;

  beforeAll(async () => {
    first = await createTestApp({ messaging: { gatewaySecret: 'observer', simAutoDeliver: false, simFailureRate: 0 } });
    if (first.app.config.databaseUrl)
      second = await secondNode(first, {
        messaging: { gatewaySecret: 'observer', simAutoDeliver: false, simFailureRate: 0 },
      });
    nodes = [first.app, second ?? first.app];
    acmeCo = await companyNamed(first.app, 'Acme');
    await fundCompany(first.app, acmeCo, 50_000_000n, 'adjustment');
    admin = bearer(await login(first.app, 'admin@example.com'));
    acme = bearer(await login(first.app, 'acme-admin@example.com'));
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** `count` sequential numbers of one range from `start`, alternately through each node. */
  const burst = async (start: number, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await nodes[i % 2].inject({
        method: 'POST',
        url: api('/sms'),
        headers: acme,
        payload: { ani: ACME_ANI, dnis: `+1415555${String(start + i).padStart(4, '0')}`, text: 'Hello there' },
      });
      // once the range is held, what follows is blocked before any charge
      if (res.statusCode !== 201)
        expect([res.statusCode, res.json().detail]).toEqual([422, expect.stringMatching(/pumping_suspected/)]);
    }
  };
  const activeHolds = () =>
    first.app.db
      .selectFrom('pumping_holds')
      .select(['hold_uuid', 'prefix'])
      .where('company_uuid', '=', acmeCo)
      .where('released_on', 'is', null)
      .execute();

  it('a burst half through each node is held as one; a release on either node lets the range be judged afresh', async () => {
    const set = await first.app.inject({
      method: 'PUT',
      url: api('/guards/settings'),
      headers: admin,
      payload: { pumping_enabled: true, pumping_min_messages: 30 },
    });
    expect(set.statusCode).toBe(200);
    // the other node reads the thresholds within its view's time
    await new Promise((r) => setTimeout(r, 2100));
    // 40 numbers, 20 stored by each node: neither alone reaches 30
    await burst(7000, 40);
    await guardsOf(first.app).settled();
    if (second) await guardsOf(second).settled();
    const held = await activeHolds();
    expect(held.map((h) => h.prefix)).toEqual(['+1415555']);

    // released through the second node (on PostgreSQL not the one that feeds the windows)
    const released = await nodes[1].inject({
      method: 'POST',
      url: api(`/guards/holds/${held[0].hold_uuid}/release`),
      headers: admin,
    });
    expect(released.statusCode).toBe(200);
    await guardsOf(first.app).settled();
    // the range's window started afresh: a new burst there is held again
    await burst(8000, 40);
    await guardsOf(first.app).settled();
    if (second) await guardsOf(second).settled();
    expect((await activeHolds()).map((h) => h.prefix)).toEqual(['+1415555']);
    expect((await activeHolds())[0].hold_uuid).not.toBe(held[0].hold_uuid);
    await first.app.inject({
      method: 'PUT',
      url: api('/guards/settings'),
      headers: admin,
      payload: { pumping_enabled: false },
    });
  }, 120_000);
});
