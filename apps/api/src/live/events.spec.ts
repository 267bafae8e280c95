import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, secondNode, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany, resellerWithLogin } from '../testing/fixtures';
import { openStream, type StreamReader } from '../testing/event-stream';
import { signToken } from '../lib/tokens';

// Each event kind reaches the streams whose scope covers the changed rows (system admin: all; a reseller: its
// companies'; a company role: its company's) and no other: Acme is the demo reseller's company, Globex the
// platform's own, Initech another reseller's.
describe('GET /events: the live stream, per event kind and tenant', () => {
  let t: TestApp;
  let acme = '';
  let globex = '';
  let initech = '';
  let initechReseller = '';
  const s: Record<'admin' | 'reseller' | 'acmeAdmin' | 'acmeUser' | 'globexAdmin' | 'otherReseller', StreamReader> =
    {} as never;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    acme = await companyNamed(t.app, 'Acme');
    globex = await companyNamed(t.app, 'Globex');
    const other = await resellerWithLogin(t.app, { name: 'Other', email: 'other-rs@example.com', company: 'Initech' });
    initech = other.company_uuid as string;
    initechReseller = other.reseller_uuid;
    headers.otherReseller = other.headers;
    for (const [k, email] of [
      ['admin', 'admin'],
      ['reseller', 'reseller'],
      ['acmeAdmin', 'acme-admin'],
      ['acmeUser', 'acme-user'],
      ['globexAdmin', 'globex-admin'],
    ])
      headers[k] = bearer(await login(t.app, `${email}@example.com`));
    for (const k of Object.keys(headers) as (keyof typeof s)[]) s[k] = await openStream(t.app, headers[k]);
  }, 120_000);
  afterAll(async () => {
    for (const r of Object.values(s)) r.close();
    await t.close();
  });

  const of = (kind: string, company: string, id?: string) => (e: LiveEvent) =>
    e.kind === kind && e.company_uuid === company && (id === undefined || e.id === id);

  /** `yes` streams get the event; then (the same fan-out has written to every stream) `no` streams have none. */
  async function expectReach(pred: (e: LiveEvent) => boolean, yes: (keyof typeof s)[], no: (keyof typeof s)[]) {
    await Promise.all(yes.map((k) => s[k].next(pred)));
    await new Promise((r) => setTimeout(r, 200));
    for (const k of no) expect({ [k]: s[k].events.filter(pred) }).toEqual({ [k]: [] });
  }

  it('balance: a payment reaches the company, its reseller and the system admin only', async () => {
    await fundCompany(t.app, acme, 5_000_000n);
    await expectReach(
      of('balance', acme),
      ['admin', 'reseller', 'acmeAdmin', 'acmeUser'],
      ['globexAdmin', 'otherReseller'],
    );
    await fundCompany(t.app, globex, 5_000_000n);
    await expectReach(
      of('balance', globex),
      ['admin', 'globexAdmin'],
      ['reseller', 'acmeAdmin', 'acmeUser', 'otherReseller'],
    );
  });

  it('sms: a message sent and its status moving, one event per statement; a lease alone is none', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: headers.acmeAdmin,
      payload: { ani: '(212) 555-2301', dnis: '+1 415 555 0111', text: 'live' },
    });
    expect(sent.statusCode).toBe(201);
    const sms_uuid = sent.json().sms_uuid as string;
    await expectReach(of('sms', acme, sms_uuid), ['admin', 'reseller', 'acmeAdmin', 'acmeUser'], ['globexAdmin']);

    const rows = Array.from({ length: 50 }, (_, i) => ({
      company_uuid: initech,
      reseller_uuid: initechReseller,
      ani: '+12125550000',
      dnis: `+1415555${String(i).padStart(4, '0')}`,
      text: 'batch',
      status: 'queued' as const,
    }));
    await t.app.db.insertInto('sms').values(rows).execute();
    await expectReach(of('sms', initech), ['admin', 'otherReseller'], ['reseller', 'acmeAdmin', 'globexAdmin']);
    const before = s.otherReseller.events.length;
    await t.app.db.updateTable('sms').set({ bulk_lease: new Date() }).where('company_uuid', '=', initech).execute();
    await t.app.db.updateTable('sms').set({ status: 'delivered' }).where('company_uuid', '=', initech).execute();
    await s.admin.next((e) => of('sms', initech)(e) && s.admin.events.filter(of('sms', initech)).length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    // the 50 status moves are one event without an id; the lease update none
    expect(s.otherReseller.events.slice(before)).toEqual([{ kind: 'sms', company_uuid: initech }]);
  });

  it('did: an order, a move between companies (both hear of it) and a release', async () => {
    const { did_uuid } = await t.app.db
      .insertInto('dids')
      .values({ did: '+15055550101', is_toll_free: false, area_code: '505', company_uuid: acme, source: 'order' })
      .returning('did_uuid')
      .executeTakeFirstOrThrow();
    await expectReach(
      of('did', acme, did_uuid),
      ['admin', 'reseller', 'acmeAdmin', 'acmeUser'],
      ['globexAdmin', 'otherReseller'],
    );
    await t.app.db.updateTable('dids').set({ company_uuid: globex }).where('did_uuid', '=', did_uuid).execute();
    await expectReach(of('did', globex, did_uuid), ['admin', 'globexAdmin'], ['otherReseller']);
    expect(s.acmeAdmin.events.filter(of('did', acme, did_uuid))).toHaveLength(2);
    await t.app.db.deleteFrom('dids').where('did_uuid', '=', did_uuid).execute();
    await expectReach(
      (e) => of('did', globex, did_uuid)(e) && s.globexAdmin.events.filter(of('did', globex, did_uuid)).length >= 2,
      ['globexAdmin'],
      [],
    );
  });

  it('bulk: status changes and progress reach the owning reseller and company only', async () => {
    const { bulk_uuid } = await t.app.db
      .insertInto('bulks')
      .values({ company_uuid: initech, reseller_uuid: initechReseller, ani: '+12125550000', text: 'x', status: 'held' })
      .returning('bulk_uuid')
      .executeTakeFirstOrThrow();
    await expectReach(
      of('bulk', initech, bulk_uuid),
      ['admin', 'otherReseller'],
      ['reseller', 'acmeAdmin', 'globexAdmin'],
    );
    const before = s.otherReseller.events.length;
    await t.app.db
      .insertInto('bulk_deltas')
      .values({ bulk_uuid, stored: 1, sent: 1, delivered: 0, failed: 0, done: 0 })
      .execute();
    await s.otherReseller.next((e) => s.otherReseller.events.indexOf(e) >= before && of('bulk', initech, bulk_uuid)(e));
  });

  // The kinds of item 1 of issue 44, one table: each row makes a change of the kind in a company (its rows written as
  // their domain writes them) and the change of it that follows (a delivery given up, an unbind, a release, an
  // approval). A change of Acme's reaches the system admin, Acme's reseller and Acme's admin and user; one of
  // Initech's the system admin and Initech's reseller; no other stream gets either.
  type Change = (company: string) => Promise<{ id: string; next: () => Promise<unknown> }>;
  const db = () => t.app.db;
  const KINDS: [string, Change][] = [
    [
      'webhook',
      async (company) => {
        const { webhook_uuid } = await db()
          .insertInto('company_webhooks')
          .values({ company_uuid: company, url: 'https://hooks.example.com/x', events: ['sms.status'], secret: 's' })
          .returning('webhook_uuid')
          .executeTakeFirstOrThrow();
        const { delivery_id } = await db()
          .insertInto('webhook_messages')
          .values({ company_uuid: company, webhook_uuid, type: 'sms.status', payload: '{}' })
          .returning('delivery_id')
          .executeTakeFirstOrThrow();
        await db()
          .insertInto('webhook_attempts')
          .values({
            delivery_id,
            webhook_uuid,
            company_uuid: company,
            attempt: 1,
            ok: false,
            status_code: 500,
            error: null,
            duration_ms: 3,
          })
          .execute();
        const next = () =>
          db()
            .updateTable('webhook_messages')
            .set({ state: 'failed' })
            .where('delivery_id', '=', delivery_id)
            .execute();
        return { id: webhook_uuid, next };
      },
    ],
    [
      'smpp',
      async (company) => {
        const { smpp_account_uuid } = await db()
          .insertInto('smpp_accounts')
          .values({ company_uuid: company, system_id: `live${company.slice(0, 8)}`, password_hash: 'x' })
          .returning('smpp_account_uuid')
          .executeTakeFirstOrThrow();
        const bind_id = randomUUID();
        await db()
          .insertInto('smpp_binds')
          .values({ bind_id, smpp_account_uuid, node_id: 'n1', bind_type: 'transceiver', remote_address: '127.0.0.1' })
          .execute();
        const next = () => db().deleteFrom('smpp_binds').where('bind_id', '=', bind_id).execute();
        return { id: smpp_account_uuid, next };
      },
    ],
    [
      'guard',
      async (company) => {
        const { hold_uuid } = await db()
          .insertInto('pumping_holds')
          .values({ company_uuid: company, prefix: '+4477009', reason: 'test' })
          .returning('hold_uuid')
          .executeTakeFirstOrThrow();
        const next = () =>
          db()
            .updateTable('pumping_holds')
            .set({ released_on: new Date() })
            .where('hold_uuid', '=', hold_uuid)
            .execute();
        return { id: hold_uuid, next };
      },
    ],
    [
      'template',
      async (company) => {
        const { sms_template_uuid } = await db()
          .insertInto('sms_templates')
          .values({ company_uuid: company, template_name: `live ${company.slice(0, 8)}`, text: 'Hi' })
          .returning('sms_template_uuid')
          .executeTakeFirstOrThrow();
        const next = () =>
          db()
            .updateTable('sms_templates')
            .set({ status: 'approved' })
            .where('sms_template_uuid', '=', sms_template_uuid)
            .execute();
        return { id: sms_template_uuid, next };
      },
    ],
  ];
  const REACH = () =>
    [
      [acme, ['admin', 'reseller', 'acmeAdmin', 'acmeUser'], ['globexAdmin', 'otherReseller']],
      [initech, ['admin', 'otherReseller'], ['reseller', 'acmeAdmin', 'acmeUser', 'globexAdmin']],
    ] as [string, (keyof typeof s)[], (keyof typeof s)[]][];

  it.each(KINDS)(
    '%s: the change and its follow-up reach the owning company, its reseller and the admin only',
    async (kind, change) => {
      for (const [company, yes, no] of REACH()) {
        const { id, next } = await change(company);
        await expectReach(of(kind, company, id), yes, no);
        const seen = (k: keyof typeof s) => s[k].events.filter(of(kind, company, id)).length;
        await next();
        await Promise.all(yes.map((k) => s[k].next((e) => of(kind, company, id)(e) && seen(k) >= 2)));
        await new Promise((r) => setTimeout(r, 200));
        for (const k of no) expect({ [k]: seen(k) }).toEqual({ [k]: 0 });
      }
    },
  );

  it('another API node: a change made there reaches a stream held here', async () => {
    const node2: FastifyInstance = await secondNode(t);
    try {
      // counted before the change: its event may arrive here before fundCompany's own await returns
      const before = s.acmeAdmin.events.length;
      await fundCompany(node2, acme, 1_000n);
      await s.acmeAdmin.next((e) => s.acmeAdmin.events.indexOf(e) >= before && of('balance', acme)(e));
    } finally {
      await node2.close();
    }
  });

  it('the stream ends at sign-out and at the session’s expiry; an API key or no token opens none', async () => {
    const token = await login(t.app, 'acme-user@example.com');
    const mine = await openStream(t.app, bearer(token));
    expect(await Promise.race([mine.ended, sleep(300)])).toBe(undefined);
    await t.app.inject({ method: 'POST', url: api('/auth/logout'), headers: bearer(token) });
    expect(await Promise.race([mine.ended, sleep(3000)])).toBe(true);
    expect(await Promise.race([s.acmeAdmin.ended, sleep(100)])).toBe(undefined);

    const user = await t.app.db
      .selectFrom('users')
      .select(['uuid', 'email'])
      .where('email', '=', 'acme-admin@example.com')
      .executeTakeFirstOrThrow();
    const short = signToken(
      t.app.config.jwtSecret,
      { sub: user.uuid, typ: 'company_admin', email: user.email },
      2,
    ).token;
    const expiring = await openStream(t.app, bearer(short));
    expect(await Promise.race([expiring.ended, sleep(4000)])).toBe(true);

    expect((await openStream(t.app, {})).status).toBe(401);
    expect((await openStream(t.app, { 'x-api-key': 'nope' })).status).toBe(401);
  });

  const sleep = (ms: number) => new Promise<undefined>((r) => setTimeout(() => r(undefined), ms));
});
