import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { approvedTemplate } from './queries';

type Headers = Record<string, string>;

describe('SMS templates: approval, tenancy, bad input', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string, globexCo: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
    const cos = await t.app.db
      .selectFrom('companies')
      .select(['company_uuid', 'company_name'])
      .where('company_name', 'in', ['Acme', 'Globex'])
      .execute();
    acmeCo = cos.find((c) => c.company_name === 'Acme')!.company_uuid;
    globexCo = cos.find((c) => c.company_name === 'Globex')!.company_uuid;
  }, 120_000);
  afterAll(async () => t.close());

  it('runs a company template through approval; an edit of an approved one goes back to pending', async () => {
    const created = await call('POST', '/sms_template', acme, { template_name: ' Welcome ', text: 'Hello from Acme' });
    expect(created.statusCode).toBe(201);
    const tpl = created.json().sms_template;
    expect(tpl).toMatchObject({
      template_name: 'Welcome',
      text: 'Hello from Acme',
      status: 'pending',
      company_uuid: acmeCo,
      company_name: 'Acme',
      reject_reason: null,
    });
    expect(await approvedTemplate(t.app.db, acmeCo, tpl.id)).toEqual({
      ok: false,
      reason: 'not_approved',
      message: expect.stringContaining('is pending'),
    });

    // the company cannot approve its own; a company user cannot even write
    expect((await call('PATCH', `/sms_template/${tpl.id}/approve`, acme)).statusCode).toBe(403);
    expect((await call('POST', '/sms_template', acmeUser, { template_name: 'x', text: 'y' })).statusCode).toBe(403);

    const rejected = await call('PATCH', `/sms_template/${tpl.id}/reject`, reseller, { reason: 'Say who you are' });
    expect(rejected.json().sms_template).toMatchObject({ status: 'rejected', reject_reason: 'Say who you are' });
    const approved = await call('PATCH', `/sms_template/${tpl.id}/approve`, reseller);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().sms_template).toMatchObject({
      status: 'approved',
      reject_reason: null,
      reviewed_on: expect.any(String),
    });
    expect(await approvedTemplate(t.app.db, acmeCo, tpl.id)).toEqual({
      ok: true,
      text: 'Hello from Acme',
      template_name: 'Welcome',
    });
    // another company asking for it learns nothing
    expect((await approvedTemplate(t.app.db, globexCo, tpl.id)).ok).toBe(false);

    // an edit by the company sends it back; an edit that changes nothing keeps the approval
    expect(
      (await call('PATCH', `/sms_template/${tpl.id}`, acme, { text: 'Hello from Acme' })).json().sms_template.status,
    ).toBe('approved');
    const edited = await call('PATCH', `/sms_template/${tpl.id}`, acme, { text: 'Hello again from Acme' });
    expect(edited.json().sms_template).toMatchObject({
      status: 'pending',
      text: 'Hello again from Acme',
      reviewed_on: null,
    });
    // the reviewer's own edit stands
    await call('PATCH', `/sms_template/${tpl.id}/approve`, admin);
    expect(
      (await call('PATCH', `/sms_template/${tpl.id}`, admin, { template_name: 'Welcome 2' })).json().sms_template
        .status,
    ).toBe('approved');
    const audited = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'sms_template')
      .where('entity_id', '=', tpl.id)
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(5);
  });

  it('tells the company admin who submitted a template, by mail, that it was rejected (with why) or approved', async () => {
    const mails = async () =>
      await t.app.db
        .selectFrom('outbox')
        .select(['recipient', 'subject', 'body'])
        .where('subject', 'like', '%Launch 45%')
        .orderBy('id')
        .execute();
    const tpl = (await call('POST', '/sms_template', acme, { template_name: 'Launch 45', text: 'Sale today' })).json()
      .sms_template;
    expect(await mails()).toEqual([]);
    await call('PATCH', `/sms_template/${tpl.id}/reject`, reseller, { reason: 'Add your company name' });
    await call('PATCH', `/sms_template/${tpl.id}/approve`, admin);
    const sent = await mails();
    expect(sent.map((m) => [m.recipient, m.subject])).toEqual([
      ['acme-admin@example.com', 'Your SMS template "Launch 45" was rejected'],
      ['acme-admin@example.com', 'Your SMS template "Launch 45" was approved'],
    ]);
    expect(sent[0].body).toContain('Reason: Add your company name');
    expect(sent[0].body).toMatch(/\/company-admin\/templates/);
    expect(sent[1].body).toContain('can now be picked in the SMS center');
    // a reviewer's own template is approved as it is written: nobody to tell
    await call('POST', '/sms_template', reseller, {
      template_name: 'Launch 45 by reseller',
      text: 'x',
      company_uuid: acmeCo,
    });
    expect(await mails()).toHaveLength(2);
  });

  it('filters by status (all included), name and created_on_gt, newest first', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    for (const name of ['Promo A', 'Promo B'])
      await call('POST', '/sms_template', acme, { template_name: name, text: `${name} text` });
    // written by the reseller: approved from the start
    const byReseller = await call('POST', '/sms_template', reseller, {
      template_name: 'Promo C',
      text: 'c',
      company_uuid: acmeCo,
    });
    expect(byReseller.json().sms_template.status).toBe('approved');
    const list = (q: string, h = acme) => call('GET', `/sms_template/list?${q}`, h).then((r) => r.json());
    const promos = await list('template_name=*promo*&status=all');
    expect(promos.items.map((i: { template_name: string }) => i.template_name)).toEqual([
      'Promo C',
      'Promo B',
      'Promo A',
    ]);
    expect(promos.per_page).toBe(10);
    expect((await list('template_name=*promo*&status=pending')).total).toBe(2);
    expect(
      (await list('template_name=*promo*&status=approved')).items.map(
        (i: { template_name: string }) => i.template_name,
      ),
    ).toEqual(['Promo C']);
    expect((await list(`created_on_gt=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(
      0,
    );
    expect((await list(`created_on_gt=${encodeURIComponent(before)}&template_name=promo`)).total).toBe(3);
    // the acme user reads its company's templates
    expect((await list('template_name=promo', acmeUser)).total).toBe(3);
    // paging from 0
    const p1 = await list('template_name=promo&per_page=2&page=1');
    expect(p1).toMatchObject({ total: 3, per_page: 2 });
    expect(p1.items).toHaveLength(1);
  });

  it("never shows or changes another tenant's templates (404)", async () => {
    const g = (await call('POST', '/sms_template', globex, { template_name: 'Globex secret', text: 'g' })).json()
      .sms_template;
    expect((await call('GET', '/sms_template/list?template_name=globex', acme)).json().total).toBe(0);
    expect((await call('GET', '/sms_template/list?template_name=globex', reseller)).json().total).toBe(0); // Globex has no reseller
    expect((await call('GET', '/sms_template/list?template_name=globex', admin)).json().total).toBe(1);
    for (const [m, url, body] of [
      ['GET', `/sms_template/${g.id}`],
      ['PATCH', `/sms_template/${g.id}`, { text: 'hijacked' }],
      ['DELETE', `/sms_template/${g.id}`],
    ] as const) {
      expect([m, (await call(m, url, acme, body)).statusCode]).toEqual([m, 404]);
    }
    // the demo reseller is not Globex's reseller: it cannot approve Globex's template
    expect((await call('PATCH', `/sms_template/${g.id}/approve`, reseller)).statusCode).toBe(404);
    expect(
      (await call('POST', '/sms_template', reseller, { template_name: 'x', text: 'y', company_uuid: globexCo }))
        .statusCode,
    ).toBe(404);
    // naming another company as a company admin is refused
    expect(
      (await call('POST', '/sms_template', acme, { template_name: 'x', text: 'y', company_uuid: globexCo })).statusCode,
    ).toBe(403);
    const still = await t.app.db
      .selectFrom('sms_templates')
      .select(['text', 'status'])
      .where('sms_template_uuid', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ text: 'g', status: 'pending' });
    expect((await call('DELETE', `/sms_template/${g.id}`, globex)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('sms_templates')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    for (const body of [
      { template_name: 'x', text: '' },
      { template_name: '', text: 'y' },
      { template_name: 'x', text: 'y'.repeat(2000) },
      { template_name: 'x' },
      { template_name: 'x', text: 'y', status: 'approved' },
    ]) {
      const res = await call('POST', '/sms_template', acme, body);
      expect([body, res.statusCode]).toEqual([body, 400]);
    }
    expect((await call('POST', '/sms_template', admin, { template_name: 'x', text: 'y' })).statusCode).toBe(400); // the admin names a company
    expect((await call('GET', '/sms_template/list?status=done', acme)).statusCode).toBe(400);
    expect((await call('GET', '/sms_template/list?created_on_gt=yesterday', acme)).statusCode).toBe(400);
    expect((await call('PATCH', '/sms_template/not-a-uuid/approve', admin)).statusCode).toBe(400);
    expect(await count()).toBe(n);
  });
});
