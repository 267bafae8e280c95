import { randomUUID } from 'node:crypto';
import { USER_TYPES, type UserType } from '@smsc/shared-contract';
import type { RouteEntry } from './auth';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

const LOGINS: Record<UserType, string> = {
  admin: 'admin@example.com',
  reseller: 'reseller@example.com',
  company_admin: 'acme-admin@example.com',
  user: 'acme-user@example.com',
};

/** Fills path parameters with a random uuid / token so the request reaches the route. */
const fill = (url: string, id: string = randomUUID()) => url.replace(/:token/, 'x'.repeat(43)).replace(/:\w+/g, id);

describe('authorization matrix (generated from the route table)', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  const tokens = {} as Record<UserType, string>;
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    for (const type of USER_TYPES) tokens[type] = await login(t.app, LOGINS[type]);
  }, 120_000);
  afterAll(async () => t.close());

  it('captured the API routes with a policy each', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([`POST ${api('/file')}`, `GET ${api('/file/:id')}`, `POST ${api('/reseller/import')}`]),
    );
    for (const r of routes)
      expect(r.access === 'public' || USER_TYPES.every((u) => typeof r.access === 'object' && r.access[u])).toBe(true);
  });

  it('answers 401 to every non-public route without a token', async () => {
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 401]);
    }
  });

  it.each(USER_TYPES)(
    'answers 403 to %s on every route its policy forbids, and never 403 on allowed reads',
    async (type) => {
      let forbiddenCount = 0;
      for (const r of routes) {
        if (r.access === 'public') continue;
        const level = r.access[type];
        if (level !== 'none' && r.method !== 'GET') continue; // allowed writes are covered by the feature tests
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: fill(r.url),
          headers: bearer(tokens[type]),
          payload: r.method === 'GET' ? undefined : {},
          // the live event stream answers its head and then stays open (the app's close ends it)
          ...(r.url === api('/events') ? { payloadAsStream: true } : {}),
        });
        if (r.basicApiKey) {
          // the Twilio-compatible calls take Basic credentials (AccountSid, API key) only: a session is no credential
          expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 401]);
        } else if (level === 'none') {
          forbiddenCount++;
          expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 403]);
          expect(res.json().detail).toEqual(expect.any(String));
        } else {
          // Labelled so a failure names the route: allowed reads answer 200, 404 (random id) or 400 (a read that
          // must name its company, e.g. /opt_out_reply for an admin), never 401/403/500.
          expect({ route: `${r.method} ${r.url}`, ok: [200, 400, 404].includes(res.statusCode) }).toEqual({
            route: `${r.method} ${r.url}`,
            ok: true,
          });
        }
      }
      if (type !== 'admin') expect(forbiddenCount).toBeGreaterThan(0);
    },
  );

  it('hides Globex records from acme-admin on every tenant-scoped :id route (404, not 403)', async () => {
    const globex = await t.app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Globex')
      .executeTakeFirstOrThrow();
    const globexUser = await t.app.db
      .selectFrom('users')
      .select('uuid')
      .where('email', '=', 'globex-user@example.com')
      .executeTakeFirstOrThrow();
    const globexFile = await t.app.db
      .insertInto('files')
      .values({
        name: 'g.txt',
        content_type: 'text/plain',
        data: Buffer.from('globex'),
        size: 6,
        company_uuid: globex.company_uuid,
        reseller_uuid: null,
        uploaded_by: globexUser.uuid,
      })
      .returning('file_uuid')
      .executeTakeFirstOrThrow();
    const globexDid = await t.app.db
      .selectFrom('dids')
      .select('did_uuid')
      .where('company_uuid', '=', globex.company_uuid)
      .executeTakeFirstOrThrow();
    const globexSms = await t.app.db
      .insertInto('sms')
      .values({
        company_uuid: globex.company_uuid,
        ani: '+13125552401',
        dnis: '+14155550100',
        text: 'globex',
        status: 'delivered',
      })
      .returning('sms_uuid')
      .executeTakeFirstOrThrow();
    const globexSuppressed = await t.app.db
      .insertInto('suppressed_numbers')
      .values({ company_uuid: globex.company_uuid, number: '+14155550100' })
      .returning('suppressed_number_uuid')
      .executeTakeFirstOrThrow();
    const globexTemplate = await t.app.db
      .insertInto('sms_templates')
      .values({ company_uuid: globex.company_uuid, template_name: 'g', text: 'g' })
      .returning('sms_template_uuid')
      .executeTakeFirstOrThrow();
    const globexRecipient = await t.app.db
      .insertInto('recipients')
      .values({ company_uuid: globex.company_uuid, recipient_name: 'g', number: '+13125550100' })
      .returning('recipient_uuid')
      .executeTakeFirstOrThrow();
    const globexInvoice = await t.app.db
      .insertInto('invoices')
      .values({
        issuer_key: 'system',
        seq: 999,
        number: 'INV-000999',
        issuer_reseller_uuid: null,
        company_uuid: globex.company_uuid,
        reseller_uuid: null,
        period_start: '2026-01-01',
        period_end: '2026-01-31',
        due_on: '2026-03-02',
        total: '1000000',
        payments_received: '0',
        line_count: 0,
        paid_on: null,
        created_by: null,
      })
      .returning('invoice_uuid')
      .executeTakeFirstOrThrow();
    const globexGroup = await t.app.db
      .insertInto('ani_groups')
      .values({ company_uuid: globex.company_uuid, name: 'g' })
      .returning('ani_group_uuid')
      .executeTakeFirstOrThrow();
    const globexCampaign = await t.app.db
      .insertInto('campaigns')
      .values({ company_uuid: globex.company_uuid, campaign_name: 'g' })
      .returning('campaign_uuid')
      .executeTakeFirstOrThrow();
    const globexKeyword = await t.app.db
      .insertInto('keywords')
      .values({ company_uuid: globex.company_uuid, keyword: 'G', action: 'reply', reply_text: 'g' })
      .returning('keyword_uuid')
      .executeTakeFirstOrThrow();
    const globexWorkflow = await t.app.db
      .insertInto('sms_workflows')
      .values({
        company_uuid: globex.company_uuid,
        name: 'g',
        ani: '+13125552401',
        text: 'g',
        numbers: ['+14155550100'],
        created_by: null,
      })
      .returning('sms_workflow_uuid')
      .executeTakeFirstOrThrow();
    const globexReminder = await t.app.db
      .insertInto('reminder_workflows')
      .values({
        company_uuid: globex.company_uuid,
        name: 'g',
        ani: '+13125552401',
        text: 'g',
        numbers: ['+14155550100'],
        remind_at: new Date(),
        next_run_at: null,
        last_run_at: null,
        created_by: null,
      })
      .returning('reminder_workflow_uuid')
      .executeTakeFirstOrThrow();
    const globexHook = await t.app.db
      .insertInto('company_webhooks')
      .values({
        company_uuid: globex.company_uuid,
        did_uuid: globexDid.did_uuid,
        url: 'https://globex.example/in',
        events: ['message.received'],
        secret: 'whsec_g',
        legacy_signature: true,
      })
      .returning('webhook_uuid')
      .executeTakeFirstOrThrow();
    const globexCompanyHook = await t.app.db
      .insertInto('company_webhooks')
      .values({
        company_uuid: globex.company_uuid,
        url: 'https://globex.example/all',
        events: ['message.status'],
        secret: 'whsec_g',
      })
      .returning('webhook_uuid')
      .executeTakeFirstOrThrow();
    const globexFiling = await t.app.db
      .insertInto('compliance_filings')
      .values({
        company_uuid: globex.company_uuid,
        kind: 'brand_10dlc',
        name: 'Globex brand',
        details: '{}',
        reviewer: 'registry',
      })
      .returning('filing_uuid')
      .executeTakeFirstOrThrow();
    const globexKey = await t.app.db
      .insertInto('api_keys')
      .values({
        company_uuid: globex.company_uuid,
        created_by: globexUser.uuid,
        name: 'g',
        prefix: 'smsc_gggggggg',
        key_hash: '00',
      })
      .returning('api_key_uuid')
      .executeTakeFirstOrThrow();
    const globexSmpp = await t.app.db
      .insertInto('smpp_accounts')
      .values({ company_uuid: globex.company_uuid, system_id: 'globex01', password_hash: 'x' })
      .returning('smpp_account_uuid')
      .executeTakeFirstOrThrow();
    // A body that passes validation, per resource, so the tenant check is what answers.
    const fixtures: Record<string, { id: string; patch: object }> = {
      [api('/company/:id')]: { id: globex.company_uuid, patch: { company_name: 'Hijacked' } },
      [api('/user/:id')]: { id: globexUser.uuid, patch: { full_name: 'Hijacked' } },
      [api('/file/:id')]: { id: globexFile.file_uuid, patch: {} },
      [api('/did/:id')]: { id: globexDid.did_uuid, patch: { description: 'Hijacked' } },
      [api('/sms/:id')]: { id: globexSms.sms_uuid, patch: { status: 'cancelled' } },
      [api('/suppressed_number/:id')]: { id: globexSuppressed.suppressed_number_uuid, patch: {} },
      [api('/sms_template/:id')]: { id: globexTemplate.sms_template_uuid, patch: { text: 'Hijacked' } },
      [api('/recipient/:id')]: { id: globexRecipient.recipient_uuid, patch: { recipient_name: 'Hijacked' } },
      [api('/invoice/:id')]: { id: globexInvoice.invoice_uuid, patch: {} },
      [api('/ani_group/:id')]: { id: globexGroup.ani_group_uuid, patch: { name: 'Hijacked' } },
      [api('/campaign/:id')]: { id: globexCampaign.campaign_uuid, patch: { campaign_name: 'Hijacked' } },
      [api('/keyword/:id')]: { id: globexKeyword.keyword_uuid, patch: { reply_text: 'Hijacked' } },
      [api('/sms_workflow/:id')]: { id: globexWorkflow.sms_workflow_uuid, patch: { name: 'Hijacked' } },
      [api('/reminder_workflow/:id')]: { id: globexReminder.reminder_workflow_uuid, patch: { name: 'Hijacked' } },
      [api('/did/webhook/:id')]: { id: globexHook.webhook_uuid, patch: { url: 'https://evil.example/in' } },
      [api('/api_key/:id')]: { id: globexKey.api_key_uuid, patch: {} },
      [api('/webhook/:id')]: { id: globexCompanyHook.webhook_uuid, patch: { is_active: false } },
      [api('/smpp_account/:id')]: { id: globexSmpp.smpp_account_uuid, patch: { is_active: false } },
      [api('/compliance/filing/:id')]: { id: globexFiling.filing_uuid, patch: { name: 'Hijacked' } },
    };
    const scoped = routes.filter(
      (r) =>
        r.access !== 'public' &&
        r.url.endsWith('/:id') &&
        r.access.company_admin !== 'none' &&
        r.access.company_admin !== 'all',
    );
    expect(scoped.length).toBeGreaterThan(0);
    for (const r of scoped) {
      const f = fixtures[r.url];
      expect([r.url, !!f]).toEqual([r.url, true]); // a new tenant-scoped route needs a fixture here
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fill(r.url, f.id),
        headers: bearer(tokens.company_admin),
        payload: r.method === 'PATCH' ? f.patch : undefined,
      });
      expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 404]);
    }
    const still = await t.app.db
      .selectFrom('companies')
      .select('company_name')
      .where('company_uuid', '=', globex.company_uuid)
      .executeTakeFirstOrThrow();
    expect(still.company_name).toBe('Globex');
  });

  it('never lists Globex or its users to acme-admin, and scopes the reseller to its companies', async () => {
    const companies = await t.app.inject({
      method: 'GET',
      url: api('/company/list'),
      headers: bearer(tokens.company_admin),
    });
    expect(companies.json().items.map((c: { company_name: string }) => c.company_name)).toEqual(['Acme']);
    const users = await t.app.inject({
      method: 'GET',
      url: api('/user/list?per_page=1000'),
      headers: bearer(tokens.company_admin),
    });
    expect(users.json().items.every((u: { company_name: string }) => u.company_name === 'Acme')).toBe(true);
    const filtered = await t.app.inject({
      method: 'GET',
      url: api('/company/list?company_name=*Globex*'),
      headers: bearer(tokens.company_admin),
    });
    expect(filtered.json().total).toBe(0);
    const reseller = await t.app.inject({ method: 'GET', url: api('/company/list'), headers: bearer(tokens.reseller) });
    const names = reseller.json().items.map((c: { company_name: string }) => c.company_name);
    expect(names).toContain('Acme');
    expect(names).not.toContain('Globex');
  });

  it('keeps invoice creation with the billers: the company admin reads its invoices but may not create one', async () => {
    const post = routes.find((r) => r.method === 'POST' && r.url === api('/invoice'));
    expect(post?.access).toEqual({ admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/invoice'),
      headers: bearer(tokens.company_admin),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('A company admin cannot create invoices; its reseller or the platform issues them');
  });

  it('lets a plain user read only its own record', async () => {
    const me = await t.app.db
      .selectFrom('users')
      .select('uuid')
      .where('email', '=', 'acme-user@example.com')
      .executeTakeFirstOrThrow();
    const colleague = await t.app.db
      .selectFrom('users')
      .select('uuid')
      .where('email', '=', 'acme-admin@example.com')
      .executeTakeFirstOrThrow();
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/user/${me.uuid}`), headers: bearer(tokens.user) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/user/${colleague.uuid}`), headers: bearer(tokens.user) }))
        .statusCode,
    ).toBe(404);
    const promote = await t.app.inject({
      method: 'PATCH',
      url: api(`/user/${me.uuid}`),
      headers: bearer(tokens.user),
      payload: { is_admin: true },
    });
    expect(promote.statusCode).toBe(403);
  });

  it('refuses to start when an API route has no access policy', async () => {
    const Fastify = (await import('fastify')).default;
    const auth = (await import('./auth')).default;
    const app = Fastify();
    app.decorate('config', {} as never);
    await app.register(auth);
    expect(() => app.get(api('/unguarded'), async () => 'x')).toThrow(/no access policy/);
    await app.close();
  });
});
