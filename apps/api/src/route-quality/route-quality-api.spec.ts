import type { RouteQuality } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { post } from '../billing';
import { messagingOf, type SmscSimulator } from '../messaging';
import { routeQualityOf } from '.';

/**
 * The evaluation job on the queue, and the system admin's calls: a route's floor and pin, each change with its
 * event and audit entry. Acme's reseller routes the US over one vendor only (Route Co): held off, it stays the
 * last resort.
 */
describe('route quality: the job, the floor and the pin', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let acme: Record<string, string>;
  let route: RouteQuality;
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  let n = 0;
  const send = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis: `+1415555${String(3000 + n++)}`, text: 'route quality' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().sms.sms_uuid as string;
  };
  const patch = (payload: object, who = admin, id = route.route_quality_uuid) =>
    t.app.inject({ method: 'PATCH', url: api(`/route_quality/${id}`), headers: who, payload });
  const events = async () =>
    (await t.app.inject({ url: api(`/route_quality/${route.route_quality_uuid}/events`), headers: admin })).json()
      .items as { kind: string; reason: string; actor_email: string | null; to_state: string }[];

  beforeAll(async () => {
    t = await createTestApp({
      messaging: { gatewaySecret: 'quality-api', simAutoDeliver: false, simFailureRate: 0 },
      routeQuality: { everySeconds: 0.5, windowSeconds: 60, receiptWaitSeconds: 120, minJudged: 20 },
    });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    const acmeCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 1_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'quality',
      }),
    );
  }, 300_000);
  afterAll(async () => t.close());

  it('the job on the queue measures a route by itself', async () => {
    for (let i = 0; i < 3; i++) await send();
    await sim().drain();
    let found: RouteQuality | undefined;
    for (let i = 0; i < 100 && !found?.evaluated_on; i++) {
      const list = (await t.app.inject({ url: api('/route_quality/list?country_code=US'), headers: admin })).json();
      found = (list.items as RouteQuality[]).find((r) => r.vendor_product_name === 'Route Co Standard');
      if (!found?.evaluated_on) await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toMatchObject({
      state: 'active',
      pin: 'auto',
      country_code: 'US',
      window: { sent: 3, delivered: 3 },
    });
    expect(found?.evaluated_on).not.toBeNull();
    expect(routeQualityOf(t.app).passes).toBeGreaterThan(0);
    route = found as RouteQuality;
    const settings = (await t.app.inject({ url: api('/route_quality/settings'), headers: admin })).json();
    expect(settings).toEqual({
      default_floor: 0.97,
      min_judged: 20,
      window_seconds: 60,
      receipt_wait_seconds: 120,
      probation_seconds: 900,
      check_seconds: 0.5,
    });
  });

  it('held off by the admin: demoted at once, yet the last resort of a routing with no other route', async () => {
    const res = await patch({ pin: 'off' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pin: 'off', state: 'demoted' });
    expect((await events()).map((e) => [e.kind, e.to_state])).toEqual([
      ['demoted', 'demoted'],
      ['pin', 'active'],
    ]);
    expect((await events())[0].reason).toBe('held off by an admin');
    // the admin chose it: no alert mail (the measurements' moves are mailed, route-quality.spec)
    const alerts = await t.app.db.selectFrom('outbox').select('subject').where('subject', 'like', 'Route %').execute();
    expect(alerts).toEqual([]);
    const id = await send();
    await sim().drain();
    const sms = await t.app.db
      .selectFrom('sms')
      .select(['status', 'vendor_product_name'])
      .where('sms_uuid', '=', id)
      .executeTakeFirstOrThrow();
    expect(sms).toEqual({ status: 'delivered', vendor_product_name: 'Route Co Standard' });
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /smsc_route_demoted\{vendor_product="Route Co Standard",vendor="Reseller Route Co",country="US",pin="off"\} 1/,
    );
  });

  it('pinned on: back at once and never demoted; each change an event and an audit entry naming the admin', async () => {
    const res = await patch({ pin: 'on' });
    expect(res.json()).toMatchObject({ pin: 'on', state: 'active' });
    const [promoted, pinned] = await events();
    expect(promoted).toMatchObject({ kind: 'promoted', reason: 'pinned always on by an admin', actor_email: null });
    expect(pinned).toMatchObject({
      kind: 'pin',
      reason: 'pinned always on: never demoted',
      actor_email: 'admin@example.com',
    });
    const audit = (
      await t.app.inject({
        url: api(`/audit/list?entity=route_quality&entity_id=${route.route_quality_uuid}`),
        headers: admin,
      })
    ).json().items;
    expect(
      audit.find((a: { actor_email: string | null }) => a.actor_email === 'admin@example.com').changes.pin,
    ).toEqual({
      before: 'off',
      after: 'on',
    });
    expect((await patch({ pin: 'auto' })).json()).toMatchObject({ pin: 'auto', state: 'active' });
  });

  it('a floor of its own, and back to the default', async () => {
    const set = await patch({ floor_percent: 99.5 });
    expect(set.json()).toMatchObject({ floor: 0.995, floor_is_default: false });
    expect((await events())[0]).toMatchObject({ kind: 'floor', reason: 'floor set to 99.5 %' });
    const back = await patch({ default_floor: true });
    expect(back.json()).toMatchObject({ floor: 0.97, floor_is_default: true });
    expect((await events())[0]).toMatchObject({ kind: 'floor', reason: 'floor back to the default (97 %)' });
  });

  it('refuses what is not a floor or a pin, an unknown route, and every role but the system admin', async () => {
    expect((await patch({ floor_percent: 0 })).statusCode).toBe(400);
    expect((await patch({ pin: 'sometimes' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ floor_percent: 95, default_floor: true })).statusCode).toBe(400);
    expect((await patch({ pin: 'on' }, admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await patch({ pin: 'on' }, reseller)).statusCode).toBe(403);
    expect((await t.app.inject({ url: api('/route_quality/list'), headers: acme })).statusCode).toBe(403);
    const one = await t.app.inject({ url: api(`/route_quality/${route.route_quality_uuid}`), headers: admin });
    expect(one.json()).toMatchObject({
      route_quality_uuid: route.route_quality_uuid,
      vendor_name: 'Reseller Route Co',
    });
    expect(
      (await t.app.inject({ url: api('/route_quality/00000000-0000-4000-8000-000000000000'), headers: admin }))
        .statusCode,
    ).toBe(404);
  });
});
