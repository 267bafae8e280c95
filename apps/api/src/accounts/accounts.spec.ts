import { randomUUID } from 'node:crypto';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

describe('accounts and reference data', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let acmeAdmin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
  });
  afterAll(async () => t.close());
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: api(url), headers });

  it('pages user lists from 0 with per_page defaulting to 10', async () => {
    const first = (await get('/user/list')).json();
    expect(first.per_page).toBe(10);
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThan(50);
    const second = (await get('/user/list?page=1&order_by=email&order_dir=asc')).json();
    const firstSorted = (await get('/user/list?page=0&order_by=email&order_dir=asc')).json();
    expect(second.items[0].email > firstSorted.items[9].email).toBe(true);
    expect(first.items[0]).not.toHaveProperty('password_hash');
  });

  it('filters users by wildcard name, company and admin flag', async () => {
    const staff = (await get('/user/list?user_name=*staff-1*&per_page=100')).json();
    expect(staff.items.length).toBeGreaterThan(1);
    expect(staff.items.every((u: { email: string }) => u.email.includes('staff-1'))).toBe(true);
    const admins = (await get('/user/list?company_name=*Acme*&is_admin=true')).json();
    expect(admins.items.map((u: { email: string }) => u.email)).toEqual(['acme-admin@example.com']);
    const bad = await get('/user/list?per_page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('lists companies with spec defaults and filters', async () => {
    const all = (await get('/company/list')).json();
    expect(all.per_page).toBe(10000);
    expect(all.total).toBe(all.items.length);
    const byAdmin = (await get('/company/list?is_created_by_admin=true&company_name=*Glob*')).json();
    expect(byAdmin.items.map((c: { company_name: string }) => c.company_name)).toEqual(['Globex']);
    const inactive = (await get('/company/list?status=inactive')).json();
    expect(inactive.items.every((c: { status: string }) => c.status === 'inactive')).toBe(true);
    const capped = (await get('/company/list?per_page=50000')).json();
    expect(capped.per_page).toBe(10000);
  });

  it('lets a reseller create a company under itself and a user in it, refusing a duplicate e-mail', async () => {
    // a reseller cannot create a company outside itself: naming another reseller (or none) is refused, not ignored
    const outside = await t.app.inject({
      method: 'POST',
      url: api('/company'),
      headers: reseller,
      payload: { company_name: 'Reseller Co', reseller_uuid: null },
    });
    expect(outside.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: api('/company'),
      headers: reseller,
      payload: { company_name: 'Reseller Co' },
    });
    expect(created.statusCode).toBe(201);
    const company = created.json();
    expect(company.reseller_name).toBe('Demo Reseller');
    expect(company.is_created_by_admin).toBe(false);
    const payload = {
      email: 'rc-user@example.com',
      password: 'rc-pass-1234',
      full_name: 'RC User',
      company_uuid: company.company_uuid,
    };
    const user = await t.app.inject({ method: 'POST', url: api('/user'), headers: reseller, payload });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({ company_name: 'Reseller Co', user_type: 'user', is_admin: false });
    const dup = await t.app.inject({
      method: 'POST',
      url: api('/user'),
      headers: admin,
      payload: { ...payload, email: 'RC-USER@example.com' },
    });
    expect(dup.statusCode).toBe(409);
    await expect(login(t.app, 'rc-user@example.com', 'rc-pass-1234')).resolves.toEqual(expect.any(String));
  });

  it('keeps a company admin to renaming its own company and adding users to it', async () => {
    const acme = (await get('/company/list', acmeAdmin)).json().items[0];
    const rename = await t.app.inject({
      method: 'PATCH',
      url: api(`/company/${acme.company_uuid}`),
      headers: acmeAdmin,
      payload: { company_name: 'Acme Corp' },
    });
    expect(rename.json().company_name).toBe('Acme Corp');
    const prepay = await t.app.inject({
      method: 'PATCH',
      url: api(`/company/${acme.company_uuid}`),
      headers: acmeAdmin,
      payload: { prepay: false },
    });
    expect(prepay.statusCode).toBe(403);
    const globex = (await get('/company/list?company_name=Globex')).json().items[0];
    const user = await t.app.inject({
      method: 'POST',
      url: api('/user'),
      headers: acmeAdmin,
      payload: {
        email: 'sneaky@example.com',
        password: 'sneaky-pass-1',
        full_name: 'Sneaky',
        company_uuid: globex.company_uuid,
      },
    });
    // another company is refused (it used to be silently replaced by the admin's own)
    expect(user.statusCode).toBe(403);
    expect(
      await t.app.db.selectFrom('users').select('uuid').where('email', '=', 'sneaky@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers 404 for unknown ids and deletes users', async () => {
    for (const path of ['/user', '/company', '/reseller', '/payment_term', '/stop_text', '/country']) {
      const res = await get(`${path}/${randomUUID()}`);
      expect([path, res.statusCode, typeof res.json().detail]).toEqual([path, 404, 'string']);
    }
    const victim = (await get('/user/list?user_name=*staff-25*')).json().items[0];
    expect(
      (await t.app.inject({ method: 'DELETE', url: api(`/user/${victim.uuid}`), headers: admin })).statusCode,
    ).toBe(200);
    expect((await get(`/user/${victim.uuid}`)).statusCode).toBe(404);
  });

  it('manages payment terms', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: api('/payment_term/create'),
      headers: admin,
      payload: { name: 'Net 999', days: 999 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().payment_term_uuid;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: api(`/payment_term/${id}`),
      headers: admin,
      payload: { is_active: false },
    });
    expect(patched.json()).toMatchObject({ name: 'Net 999', is_active: false });
    const found = (await get('/payment_term/list?name=*999*&is_active=false')).json();
    expect(found.items.map((p: { payment_term_uuid: string }) => p.payment_term_uuid)).toEqual([id]);
    expect((await get('/payment_term/list')).json().total).toBe(26);
    expect((await t.app.inject({ method: 'DELETE', url: api(`/payment_term/${id}`), headers: admin })).statusCode).toBe(
      200,
    );
  });

  it('manages stop-text filters through a filter payload, newest first', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: api('/stop_text/create'),
      headers: admin,
      payload: { filter: { text: 'HALT NOW' } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().filter.filter_uuid;
    const list = (await get('/stop_text/list')).json();
    expect(list.items[0].filter_uuid).toBe(id);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: api(`/stop_text/${id}`),
      headers: admin,
      payload: { filter: { text: 'HALT LATER' } },
    });
    expect(patched.json().filter.text).toBe('HALT LATER');
    expect((await get('/stop_text/list?text=*halt*')).json().total).toBe(1);
    const noFilter = await t.app.inject({
      method: 'PATCH',
      url: api(`/stop_text/${id}`),
      headers: admin,
      payload: { text: 'x' },
    });
    expect(noFilter.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: api(`/stop_text/${id}`), headers: admin })).statusCode).toBe(
      200,
    );
    expect((await get(`/stop_text/${id}`)).statusCode).toBe(404);
  });

  it('imports resellers from CSV all-or-nothing', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: api('/reseller/import'),
      headers: admin,
      payload: { csv: 'reseller_name\nNorth\nSouth\n' },
    });
    expect(ok.json()).toEqual({ imported: 2 });
    const clash = await t.app.inject({
      method: 'POST',
      url: api('/reseller/import'),
      headers: admin,
      payload: { csv: 'reseller_name\nEast\nNorth\n' },
    });
    expect(clash.statusCode).toBe(409);
    expect((await get('/reseller/list?reseller_name=East')).json().total).toBe(0);
    const badHeader = await t.app.inject({
      method: 'POST',
      url: api('/reseller/import'),
      headers: admin,
      payload: { csv: 'name\nWest\n' },
    });
    expect(badHeader.statusCode).toBe(400);
  });

  it('serves countries (1000 per page) and their area codes to any signed-in user', async () => {
    const user = bearer(await login(t.app, 'acme-user@example.com'));
    const countries = (await get('/country/list?order_by=nice_name&order_dir=asc&nice_name=*an*', user)).json();
    expect(countries.per_page).toBe(1000);
    expect(countries.items.map((c: { nice_name: string }) => c.nice_name)).toEqual(['Canada', 'Germany']);
    const canada = countries.items[0];
    expect((await get(`/country/${canada.country_uuid}`, user)).json().nice_name).toBe('Canada');
    const codes = (await get(`/area_code/list?country_uuid=${canada.country_uuid}`, user)).json();
    expect(codes.items.map((a: { code: string }) => a.code)).toEqual(['416', '604']);
  });
});
