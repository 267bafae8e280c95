import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { QuoteAnswer, RouteQuality } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, secondNode, type TestApp } from '../testing/test-app';
import { post } from '../billing';
import { quote } from '../catalog';
import { messagingOf, type SmscSimulator } from '../messaging';
import { apiOf } from '../lib/api-context';
import { routeQualityOf } from '.';

const WINDOW_S = 30;
const PROBATION_S = 2;

/**
 * The SMSC simulator carries Globex's US traffic on its product's least-cost routing: Northwind Direct first
 * (cheaper), Contoso Global as the fallback. Northwind's receipts drop to 80 % delivered: the route is demoted
 * within the window, the next sends go to Contoso, and once Northwind recovers it comes back after the window and
 * the probation. Every time the decision uses is the database's (rows and clock); the passes are run by the test,
 * in between complete deliveries, so the counts are exact on PGlite and PostgreSQL alike. A second API node on
 * the same database, whose catalog check is an hour, routes around the demotion and back after the promotion as
 * soon as the first node commits them: only the catalog version's notification (migration 591) can tell it.
 */
describe('route quality with the SMSC simulator: demoted under its floor, promoted back after recovery', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let globex: Record<string, string>;
  let admin: Record<string, string>;
  let northwind: string;
  let contoso: string;
  let globexCo: string;
  let node2: FastifyInstance;
  const live: string[] = [];
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const quality = () => routeQualityOf(t.app);
  // a carrier's outcomes, the same every run: every fifth receipt of a failing vendor is undelivered
  let turn = 0;
  const CYCLE = [0.1, 0.3, 0.5, 0.7, 0.9];
  let sent = 0;
  /** the messages sent while Northwind failed one in five */
  let dropped: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      messaging: {
        gatewaySecret: 'quality',
        simAutoDeliver: false,
        simFailureRate: 0,
        simRandom: () => CYCLE[turn++ % 5],
      },
      // the job is off here (its period is an hour): the test runs each pass itself (route-quality-api.spec runs the job)
      routeQuality: {
        windowSeconds: WINDOW_S,
        receiptWaitSeconds: 120,
        minJudged: 20,
        probationSeconds: PROBATION_S,
        everySeconds: 3600,
      },
    });
    globex = bearer(await login(t.app, 'globex-admin@example.com'));
    admin = bearer(await login(t.app, 'admin@example.com'));
    const repo = apiOf(t.app).catalogRepository;
    northwind = (await repo.vendorProductNamed(t.app.db, 'Northwind Direct'))!.vendor_product_uuid;
    contoso = (await repo.vendorProductNamed(t.app.db, 'Contoso Global'))!.vendor_product_uuid;
    globexCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Globex')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: globexCo },
        amount: 10_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'quality',
      }),
    );
    apiOf(t.app).live.subscribe((e) => {
      if (e.k === 'route_quality') live.push(e.id ?? '');
    });
    node2 = await secondNode(t, { catalogCheckMs: 3_600_000 });
  }, 300_000);
  afterAll(async () => {
    await node2?.close();
    await t.close();
  });

  const sendOne = async () => {
    const n = sent++;
    const res = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: globex,
      payload: { ani: '+13125552402', dnis: `+1415555${String(2000 + n)}`, text: `quality ${n}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().sms.sms_uuid as string;
  };
  const sendMany = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await sendOne());
    return ids;
  };
  const carriers = async (ids: string[]) => {
    const rows = await t.app.db
      .selectFrom('sms')
      .select(['vendor_product_uuid', 'status', sql<number>`count(*)::int`.as('n')])
      .where('sms_uuid', 'in', ids)
      .groupBy(['vendor_product_uuid', 'status'])
      .execute();
    const of = (vp: string, status?: string) =>
      rows.filter((r) => r.vendor_product_uuid === vp && (!status || r.status === status)).reduce((n, r) => n + r.n, 0);
    return { rows, of };
  };
  const northwindUs = async (): Promise<RouteQuality> => {
    const res = await t.app.inject({
      url: api('/route_quality/list?vendor_product_name=Northwind*&country_code=US'),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items as RouteQuality[];
    return item;
  };
  /** Globex's US routes as a node quotes them: [vendor product, demoted] in the order they are tried */
  const routesOn = async (app: FastifyInstance) => {
    const res = await app.inject({
      url: api(`/product/${await productOfGlobex()}/quote?dnis=%2B14155552999`),
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as QuoteAnswer).routes.map((r) => [r.vendor_product_uuid, r.is_demoted]);
  };
  /** the second node's quote once it matches `want`, or its last within 5 s (its own check is an hour away) */
  const node2Quotes = async (want: unknown[]) => {
    const until = Date.now() + 5000;
    let got = await routesOn(node2);
    while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      got = await routesOn(node2);
    }
    return got;
  };
  /** the alert mails to one address of one subject; exactly one is expected */
  const mailsTo = async (to: string, subject: string) => {
    const rows = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', to)
      .where('subject', '=', subject)
      .execute();
    expect(rows).toHaveLength(1);
    return rows;
  };
  const metric = async (name: string) =>
    (await t.app.inject({ url: '/metrics' })).body
      .split('\n')
      .find(
        (l) =>
          l.startsWith(`${name}{`) && l.includes('vendor_product="Northwind Direct"') && l.includes('country="US"'),
      );

  it('measures a healthy route: every message judged, all delivered, it stays active', async () => {
    const ids = await sendMany(30);
    await sim().drain();
    const pass = await quality().evaluate();
    expect(pass.changes).toEqual([]);
    expect((await carriers(ids)).of(northwind, 'delivered')).toBe(30);
    const route = await northwindUs();
    expect(route).toMatchObject({
      state: 'active',
      pin: 'auto',
      floor: 0.97,
      floor_is_default: true,
      country: expect.any(String),
    });
    expect(route.window).toMatchObject({
      sent: 30,
      receipts: 30,
      delivered: 30,
      judged: 30,
      delivered_ratio: 1,
      receipt_ratio: 1,
    });
    expect(route.window.latency_p50).not.toBeNull();
    expect(route.last_hour).toMatchObject({ sent: 30, delivered: 30 });
    expect(route.last_day).toMatchObject({ sent: 30, delivered: 30 });
    // the second node has compiled its catalog: from now on only a notification makes it read the catalog again
    expect(await routesOn(node2)).toEqual([
      [northwind, false],
      [contoso, false],
    ]);
  });

  it('counts exactly when its receipts drop to 80 %: 80 sent, 80 receipts, 70 delivered', async () => {
    sim().configureVendor(northwind, { failureRate: 0.2 });
    const ids = await sendMany(50);
    dropped = ids;
    await sim().drain();
    const c = await carriers(ids);
    expect([c.of(northwind, 'delivered'), c.of(northwind, 'undelivered')]).toEqual([40, 10]);
    // read before any pass folded them: the screen adds the rollups not folded yet
    const route = await northwindUs();
    expect(route.window).toMatchObject({ sent: 80, receipts: 80, delivered: 70, judged: 80, delivered_ratio: 0.875 });
    expect(route.networks).toEqual([
      expect.objectContaining({ network: '', window: expect.objectContaining({ sent: 80 }) }),
    ]);
  });

  it('demotes it within the window, and no message is lost or sent twice across the switch', async () => {
    const before = { a: sim().submittedBy.get(northwind) ?? 0, b: sim().submittedBy.get(contoso) ?? 0 };
    const started = Date.now();
    // sends in flight on both sides of the pass that demotes the route
    const burst = Array.from({ length: 20 }, () => sendOne());
    const pass = quality().evaluate();
    burst.push(...Array.from({ length: 20 }, () => sendOne()));
    const [ids, done] = await Promise.all([Promise.all(burst), pass]);
    expect(Date.now() - started).toBeLessThan(WINDOW_S * 1000);
    expect(done.changes).toEqual([
      expect.objectContaining({
        vendor_product_uuid: northwind,
        iso2: 'US',
        to: 'demoted',
        reason: 'delivered 87.5 % of 80 judged messages in 30 s, under its floor of 97 %',
      }),
    ]);
    await sim().drain();
    // every message handed over once, to one of the two, and settled once
    const after = { a: sim().submittedBy.get(northwind) ?? 0, b: sim().submittedBy.get(contoso) ?? 0 };
    expect(after.a - before.a + (after.b - before.b)).toBe(40);
    const c = await carriers(ids);
    expect(c.of(northwind) + c.of(contoso)).toBe(40);
    expect(c.of(northwind)).toBe(after.a - before.a);
    expect(c.rows.every((r) => r.status === 'delivered' || r.status === 'undelivered')).toBe(true);
    const charges = await t.app.db
      .selectFrom('ledger_entries')
      .select(['cause_id', sql<number>`count(*)::int`.as('n')])
      .where('cause_type', '=', 'sms')
      .where('cause_id', 'in', ids)
      .groupBy('cause_id')
      .execute();
    expect(charges.every((x) => x.n === 1)).toBe(true);
    expect(charges).toHaveLength(c.rows.filter((r) => r.status === 'delivered').reduce((n, r) => n + r.n, 0));

    // the change: the route's state, an event, an audit entry, a live event, the gauges
    const route = await northwindUs();
    expect(route.state).toBe('demoted');
    const events = (
      await t.app.inject({ url: api(`/route_quality/${route.route_quality_uuid}/events`), headers: admin })
    ).json();
    expect(events.items[0]).toMatchObject({
      kind: 'demoted',
      from_state: 'active',
      to_state: 'demoted',
      judged: 80,
      delivered_ratio: 0.875,
    });
    const audit = (
      await t.app.inject({
        url: api(`/audit/list?entity=route_quality&entity_id=${route.route_quality_uuid}`),
        headers: admin,
      })
    ).json().items;
    expect(audit[0].changes.state).toEqual({ before: 'active', after: 'demoted' });
    const [alert] = await mailsTo('admin@example.com', 'Route demoted: Northwind Direct → US');
    expect(alert.body).toContain('demoted, delivered 87.5 % of 80 judged messages in 30 s, under its floor of 97 %.');
    for (let i = 0; i < 50 && !live.includes(route.route_quality_uuid); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(live).toContain(route.route_quality_uuid);
    expect(await metric('smsc_route_demoted')).toMatch(/ 1$/);
    expect(await metric('smsc_route_delivered_ratio')).toMatch(/ 0\.875$/);
  });

  it('a second node on the same database routes around the demotion at once, without its own check', async () => {
    const reloads = apiOf(node2).catalog.reloads;
    expect(
      await node2Quotes([
        [contoso, false],
        [northwind, true],
      ]),
    ).toEqual([
      [contoso, false],
      [northwind, true],
    ]);
    expect(apiOf(node2).catalog.reloads).toBe(reloads + 1);
  });

  it('the next sends all go to the fallback; the compiled catalog keeps Northwind as the last resort', async () => {
    const q = quote(await apiOf(t.app).catalog.current(), {
      productUuid: await productOfGlobex(),
      dnis: '+14155552999',
    });
    expect(q.ok && q.routes.map((r) => [r.vendorProductUuid, r.demoted])).toEqual([
      [contoso, false],
      [northwind, true],
    ]);
    const ids = await sendMany(30);
    await sim().drain();
    expect((await carriers(ids)).of(contoso, 'delivered')).toBe(30);
  });

  it('promoted back after the window has cleared and the probation has passed, then carries again', async () => {
    sim().configureVendor(northwind, null);
    const firstDropped = await t.app.db
      .selectFrom('sms')
      .select(sql<Date>`min(sent_on)`.as('at'))
      .where('sms_uuid', 'in', dropped)
      .executeTakeFirstOrThrow();
    // each pass and what it judged on (the figures it stored, of its own moment)
    const seen: { at: number; judged: number; ratio: number | null; promoted: boolean }[] = [];
    const deadline = Date.now() + (WINDOW_S + PROBATION_S + 30) * 1000;
    while (!seen.some((p) => p.promoted) && Date.now() < deadline) {
      const pass = await quality().evaluate();
      const row = await t.app.db
        .selectFrom('route_quality')
        .select(['judged', 'delivered_ratio'])
        .where('vendor_product_uuid', '=', northwind)
        .where('iso2', '=', 'US')
        .executeTakeFirstOrThrow();
      seen.push({
        at: pass.at.getTime(),
        judged: row.judged,
        ratio: row.delivered_ratio,
        promoted: pass.changes.some((c) => c.vendor_product_uuid === northwind && c.to === 'active'),
      });
      await new Promise((r) => setTimeout(r, 300));
    }
    const promoted = seen.find((p) => p.promoted);
    expect(promoted).toBeDefined();
    // the shortfall clears only once the first message of the drop left the window (counted by the second it was
    // sent in), and the probation runs from the first pass that found it clear: all on the database's clock
    const clear = seen.find((p) => !(p.judged >= 20 && (p.ratio as number) < 0.97));
    expect(clear).toBeDefined();
    const clearAt = (clear as (typeof seen)[number]).at;
    expect(clearAt - new Date(firstDropped.at).getTime()).toBeGreaterThanOrEqual((WINDOW_S - 1) * 1000);
    const promotedAt = (promoted as (typeof seen)[number]).at;
    expect(promotedAt - clearAt).toBeGreaterThanOrEqual(PROBATION_S * 1000);
    expect(promotedAt - clearAt).toBeLessThan(PROBATION_S * 1000 + 5000);
    expect(
      seen
        .filter((p) => p.at > clearAt && p.at < promotedAt)
        .every((p) => !(p.judged >= 20 && (p.ratio as number) < 0.97)),
    ).toBe(true);
    expect(await northwindUs()).toMatchObject({ state: 'active' });
    const ids = await sendMany(30);
    await sim().drain();
    expect((await carriers(ids)).of(northwind, 'delivered')).toBe(30);
    expect((await quality().evaluate()).changes).toEqual([]);
    const route = await northwindUs();
    expect(route.window).toMatchObject({ judged: 30, delivered: 30, delivered_ratio: 1 });
    const kinds = (
      await t.app.inject({ url: api(`/route_quality/${route.route_quality_uuid}/events`), headers: admin })
    )
      .json()
      .items.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['promoted', 'demoted']);
    expect(await mailsTo('admin@example.com', 'Route promoted back: Northwind Direct → US')).toHaveLength(1);
    // the promotion reaches the second node as the demotion did
    const back = [
      [northwind, false],
      [contoso, false],
    ];
    const reloads = apiOf(node2).catalog.reloads;
    expect(await node2Quotes(back)).toEqual(back);
    expect(apiOf(node2).catalog.reloads).toBe(reloads + 1);
  });

  async function productOfGlobex() {
    const row = await t.app.db
      .selectFrom('companies')
      .select('product_uuid')
      .where('company_uuid', '=', globexCo)
      .executeTakeFirstOrThrow();
    return row.product_uuid as string;
  }
});
