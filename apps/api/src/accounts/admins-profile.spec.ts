import { DEMO_PASSWORD, api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

interface UserItem {
  uuid: string;
  email: string;
  user_type: string;
  company_uuid: string | null;
  is_admin: boolean;
}

describe('system admins and the signed-in profile', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let acmeAdmin: Record<string, string>;
  let acmeUser: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeUser = bearer(await login(t.app, 'acme-user@example.com'));
  });
  afterAll(async () => t.close());
  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });

  it('lists system admins by user_type, over more than one page, sortable by state', async () => {
    const first = (await inject('GET', '/user/list?user_type=admin', admin)).json();
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(first.items.every((u: UserItem) => u.user_type === 'admin' && u.company_uuid === null && u.is_admin)).toBe(
      true,
    );
    const second = (await inject('GET', '/user/list?user_type=admin&page=1', admin)).json();
    expect(second.items).toHaveLength(2);
    const inactiveFirst = (
      await inject('GET', '/user/list?user_type=admin&order_by=is_active&order_dir=asc', admin)
    ).json();
    expect(inactiveFirst.items[0].is_active).toBe(false);
    expect((await inject('GET', '/user/list?user_type=root', admin)).statusCode).toBe(400);
  });

  it('never shows system admins to a reseller or a company admin, even when asked for', async () => {
    for (const who of [reseller, acmeAdmin]) {
      const res = (await inject('GET', '/user/list?user_type=admin', who)).json();
      expect(res.total).toBe(0);
    }
    const sysAdmin = (await inject('GET', '/user/list?user_name=*admin@example.com*&user_type=admin', admin)).json()
      .items[0] as UserItem;
    expect((await inject('GET', `/user/${sysAdmin.uuid}`, reseller)).statusCode).toBe(404);
    expect((await inject('PATCH', `/user/${sysAdmin.uuid}`, acmeAdmin, { full_name: 'Taken over' })).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/user/${sysAdmin.uuid}`, reseller)).statusCode).toBe(404);
  });

  it('lets only the system admin create, edit and delete a system admin', async () => {
    const payload = { email: 'new-ops@example.com', password: 'ops-pass-2024', full_name: 'New Ops' };
    const byReseller = await inject('POST', '/user', reseller, payload);
    expect(byReseller.statusCode).toBe(400); // a reseller's user needs one of its companies
    const byCompanyAdmin = (
      await inject('POST', '/user', acmeAdmin, { ...payload, email: 'ca-made@example.com' })
    ).json();
    expect(byCompanyAdmin).toMatchObject({ user_type: 'user', company_name: 'Acme' });
    const created = await inject('POST', '/user', admin, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user_type: 'admin',
      is_admin: true,
      company_uuid: null,
      full_name: 'New Ops',
    });
    const id = created.json().uuid;
    const edited = await inject('PATCH', `/user/${id}`, admin, { full_name: 'Renamed Ops', is_active: false });
    expect(edited.json()).toMatchObject({ full_name: 'Renamed Ops', is_active: false, user_type: 'admin' });
    expect((await inject('DELETE', `/user/${id}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `/user/${id}`, admin)).statusCode).toBe(404);
  });

  it('reads the caller own record and company from /home', async () => {
    const sys = (await inject('GET', '/home', admin)).json();
    expect(sys).toMatchObject({ user: { email: 'admin@example.com', user_type: 'admin' }, company: null });
    const mine = (await inject('GET', '/home', acmeUser)).json();
    expect(mine.user.email).toBe('acme-user@example.com');
    expect(mine.company.company_name).toBe('Acme');
  });

  it('lets a company admin rename its own company through /home, and nobody else', async () => {
    const renamed = await inject('PATCH', '/home', acmeAdmin, {
      company_name: 'Acme Profile Co',
      full_name: 'Acme Boss',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      user: { full_name: 'Acme Boss' },
      company: { company_name: 'Acme Profile Co' },
    });
    const globex = (await inject('GET', '/company/list?company_name=Globex', admin)).json().items[0];
    expect(globex.company_name).toBe('Globex');
    for (const who of [acmeUser, reseller, admin]) {
      const res = await inject('PATCH', '/home', who, { company_name: 'Hijacked' });
      expect(res.statusCode).toBe(403);
    }
    expect((await inject('GET', '/home', acmeUser)).json().company.company_name).toBe('Acme Profile Co');
    await inject('PATCH', '/home', acmeAdmin, { company_name: 'Acme' });
  });

  it('changes the caller own name and password through /home, checking the password policy', async () => {
    expect((await inject('PATCH', '/home', acmeUser, { password: 'short' })).statusCode).toBe(400);
    expect((await inject('PATCH', '/home', acmeUser, {})).statusCode).toBe(400);
    const res = await inject('PATCH', '/home', acmeUser, {
      full_name: 'Acme Person',
      password: 'acme-person-pass',
      current_password: DEMO_PASSWORD,
    });
    expect(res.json().user).toMatchObject({
      full_name: 'Acme Person',
      email: 'acme-user@example.com',
      user_type: 'user',
    });
    await expect(login(t.app, 'acme-user@example.com', 'acme-person-pass')).resolves.toEqual(expect.any(String));
    await expect(login(t.app, 'acme-user@example.com')).rejects.toThrow(/401/);
  });
});
