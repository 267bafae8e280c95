import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

// Issue 49 item 2: a customer's notice period is part of its contract: its biller (the system admin, or the
// reseller for its companies) sets it on the company or reseller; a company never sets its own.
describe('price notice days per customer', () => {
  let t: TestApp;
  const h: Record<string, Record<string, string>> = {};
  let acme = '';
  let reseller = '';

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['admin', 'reseller', 'acme-admin']) h[who] = bearer(await login(t.app, `${who}@example.com`));
    const row = await t.app.db
      .selectFrom('companies')
      .select(['company_uuid', 'reseller_uuid'])
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    acme = row.company_uuid;
    reseller = row.reseller_uuid as string;
  }, 120_000);
  afterAll(async () => t.close());

  const patch = (who: string, url: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: api(url), headers: h[who], payload });
  const days = async (table: 'companies' | 'resellers', id: string) =>
    table === 'companies'
      ? (
          await t.app.db
            .selectFrom('companies')
            .select('price_notice_days')
            .where('company_uuid', '=', id)
            .executeTakeFirstOrThrow()
        ).price_notice_days
      : (
          await t.app.db
            .selectFrom('resellers')
            .select('price_notice_days')
            .where('reseller_uuid', '=', id)
            .executeTakeFirstOrThrow()
        ).price_notice_days;

  it('the system admin and the company’s reseller set a company’s period; the company itself may not', async () => {
    const byAdmin = await patch('admin', `/company/${acme}`, { price_notice_days: 30 });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().price_notice_days).toBe(30);
    const byReseller = await patch('reseller', `/company/${acme}`, { price_notice_days: 14 });
    expect(byReseller.statusCode).toBe(200);
    expect(await days('companies', acme)).toBe(14);
    expect((await patch('acme-admin', `/company/${acme}`, { price_notice_days: 0 })).statusCode).toBe(403);
    expect(await days('companies', acme)).toBe(14);
    const tooLong = await patch('admin', `/company/${acme}`, { price_notice_days: 366 });
    expect(tooLong.statusCode).toBe(400);
  });

  it('the system admin sets a reseller’s period (what the platform owes it before raising its wholesale prices)', async () => {
    const r = await patch('admin', `/reseller/${reseller}`, { reseller_name: 'Demo Reseller', price_notice_days: 21 });
    expect(r.statusCode).toBe(200);
    expect(r.json().price_notice_days).toBe(21);
    expect(await days('resellers', reseller)).toBe(21);
  });
});
