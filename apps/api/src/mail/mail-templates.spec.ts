import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

describe('mail templates of a reseller', () => {
  let t: TestApp;
  let reseller: Record<string, string>;
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });
  const outbox = async (to: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    reseller = bearer(await login(t.app, 'reseller@example.com'));
  });
  afterAll(async () => t.close());

  it('lists every mail with the system wording until the reseller words its own', async () => {
    const res = await call('GET', '/mail_template/list', reseller);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { kind: string; is_default: boolean; placeholders: string[]; subject: string }[];
    expect(items.map((i) => i.kind)).toEqual([
      'registration',
      'password_reset',
      'low_balance',
      'invoice',
      'price_notice',
      'template_review',
    ]);
    expect(items.every((i) => i.is_default)).toBe(true);
    expect(items.find((i) => i.kind === 'password_reset')?.placeholders).toEqual([
      'reseller_name',
      'full_name',
      'link',
    ]);
  });

  it("sends a reseller's company users the reseller's own password-reset wording; default again after going back", async () => {
    const saved = await call('PUT', '/mail_template/password_reset', reseller, {
      subject: '{{reseller_name}}: new password',
      body: 'Dear {{full_name}}, follow {{link}} to choose one.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'password_reset',
      is_default: false,
      subject: '{{reseller_name}}: new password',
    });

    // a user of one of the reseller's companies
    const company = await t.app.db
      .selectFrom('companies')
      .innerJoin('resellers', 'resellers.reseller_uuid', 'companies.reseller_uuid')
      .select(['companies.company_uuid', 'resellers.reseller_name'])
      .where(
        'resellers.reseller_uuid',
        '=',
        (
          await t.app.db
            .selectFrom('users')
            .select('reseller_uuid')
            .where('email', '=', 'reseller@example.com')
            .executeTakeFirstOrThrow()
        ).reseller_uuid,
      )
      .executeTakeFirstOrThrow();
    const user = await t.app.db
      .selectFrom('users')
      .select(['email', 'full_name'])
      .where('company_uuid', '=', company.company_uuid)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    expect(
      (await t.app.inject({ method: 'POST', url: api('/auth/reset_email'), payload: { email: user.email } }))
        .statusCode,
    ).toBe(200);
    const [mail] = await outbox(user.email);
    expect(mail.subject).toBe(`${company.reseller_name}: new password`);
    expect(mail.body).toMatch(
      new RegExp(`^Dear ${user.full_name}, follow \\S+/forgot-password/\\S+ to choose one\\.$`),
    );

    // a direct company's user keeps hearing the platform
    const direct = await t.app.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.company_uuid', 'users.company_uuid')
      .select('users.email')
      .where('companies.reseller_uuid', 'is', null)
      .where('users.is_active', '=', true)
      .executeTakeFirstOrThrow();
    expect(
      (await t.app.inject({ method: 'POST', url: api('/auth/reset_email'), payload: { email: direct.email } }))
        .statusCode,
    ).toBe(200);
    expect((await outbox(direct.email))[0].subject).toBe('Reset your SMSC Console password');

    const back = await call('DELETE', '/mail_template/password_reset', reseller);
    expect(back.json()).toMatchObject({ is_default: true, subject: 'Reset your {{reseller_name}} password' });
    await t.app.inject({ method: 'POST', url: api('/auth/reset_email'), payload: { email: user.email } });
    expect((await outbox(user.email))[0].subject).toBe(`Reset your ${company.reseller_name} password`);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'mail_template')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'update', entity_id: 'password_reset' },
      { action: 'delete', entity_id: 'password_reset' },
    ]);
  });

  it('previews with sample values and refuses placeholders the mail cannot fill, saving nothing', async () => {
    const preview = await call('POST', '/mail_template/low_balance/preview', reseller, {
      subject: 'Low: {{company_name}}',
      body: '{{balance}} < {{threshold}} ({{reseller_name}})',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ subject: 'Low: Acme', body: 'USD 4.20 < USD 10.00 (Demo Reseller)' });
    const bad = await call('PUT', '/mail_template/low_balance', reseller, { subject: 'x', body: 'open {{link}}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/Unknown placeholder \{\{link\}\}; this mail can use \{\{reseller_name\}\}/);
    expect(
      (await call('POST', '/mail_template/low_balance/preview', reseller, { subject: '', body: 'x' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/mail_template/welcome', reseller, { subject: 'x', body: 'y' })).statusCode).toBe(400);
    const list = (await call('GET', '/mail_template/list', reseller)).json().items as {
      kind: string;
      is_default: boolean;
    }[];
    expect(list.find((i) => i.kind === 'low_balance')?.is_default).toBe(true);
  });

  it("is the reseller's alone: the system admin and company users get 403", async () => {
    for (const email of ['admin@example.com', 'acme-admin@example.com', 'acme-user@example.com']) {
      const h = bearer(await login(t.app, email));
      expect((await call('GET', '/mail_template/list', h)).statusCode).toBe(403);
      expect((await call('PUT', '/mail_template/registration', h, { subject: 'x', body: 'y' })).statusCode).toBe(403);
    }
  });
});
