import { api, bearer, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../testing/test-app';
import { changedFields } from './audit';

describe('audit log', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let acmeAdmin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload, remoteAddress: '203.0.113.7' });

  it('keeps only changed fields, and secrets only as redacted', () => {
    expect(changedFields({ a: 1, b: 'x', password_hash: 'h1' }, { a: 1, b: 'y', password_hash: 'h2' })).toEqual({
      b: { before: 'x', after: 'y' },
      password_hash: { before: '[redacted]', after: '[redacted]' },
    });
    expect(changedFields(null, { a: 1 })).toEqual({ a: { before: null, after: 1 } });
  });

  it('records who, when, from where and what for company changes, and the admin filters them', async () => {
    const created = await call('POST', '/company', admin, { company_name: 'Audited Co' });
    expect(created.statusCode).toBe(201);
    const id = created.json().company_uuid;
    expect(
      (await call('PATCH', `/company/${id}`, admin, { company_name: 'Audited Co 2', prepay: true })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/company/${id}`, admin)).statusCode).toBe(200);

    const list = (await call('GET', `/audit/list?entity=company&entity_id=${id}`, admin)).json();
    expect(list.total).toBe(3);
    expect(list.items.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    const update = list.items[1];
    expect(update).toMatchObject({
      actor_email: 'admin@example.com',
      actor_type: 'admin',
      ip: '203.0.113.7',
      entity: 'company',
      entity_id: id,
      company_uuid: id,
    });
    expect(update.changes).toEqual({
      company_name: { before: 'Audited Co', after: 'Audited Co 2' },
      prepay: { before: false, after: true },
    });
    expect(Date.now() - Date.parse(update.at)).toBeLessThan(60_000);
    expect((await call('GET', `/audit/list?entity=company&action=update&entity_id=${id}`, admin)).json().total).toBe(1);
    expect(
      (await call('GET', '/audit/list?actor_email=*reseller*', admin))
        .json()
        .items.every((e: { actor_email: string }) => e.actor_email.includes('reseller')),
    ).toBe(true);
  });

  it('records a password change without the password', async () => {
    const user = await call('POST', '/user', acmeAdmin, {
      email: 'audited-user@example.com',
      password: 'First-passw0rd',
      full_name: 'Audited',
    });
    expect(user.statusCode).toBe(201);
    const id = user.json().uuid;
    expect((await call('PATCH', `/user/${id}`, acmeAdmin, { password: 'Second-passw0rd-X' })).statusCode).toBe(200);
    const entries = (await call('GET', `/audit/list?entity=user&entity_id=${id}`, admin)).json().items;
    expect(entries[0].changes).toEqual({ password: { before: null, after: '[redacted]' } });
    const raw = JSON.stringify((await call('GET', '/audit/list?per_page=1000', admin)).json());
    for (const secret of ['First-passw0rd', 'Second-passw0rd-X', DEMO_PASSWORD, 'scrypt'])
      expect(raw).not.toContain(secret);
  });

  it("lets a reseller read its own and its companies' entries only; others are refused", async () => {
    const own = await call('POST', '/company', reseller, { company_name: 'Reseller Audited' });
    expect(own.statusCode).toBe(201);
    const list = (await call('GET', '/audit/list?per_page=1000', reseller)).json();
    const resellerUuid = own.json().reseller_uuid;
    expect(list.items.some((e: { entity_id: string }) => e.entity_id === own.json().company_uuid)).toBe(true);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((e: { reseller_uuid: string }) => e.reseller_uuid === resellerUuid)).toBe(true);
    // the admin's Audited Co (no reseller) is not among them
    expect(
      list.items.some(
        (e: { changes: { company_name?: { after: string } } }) => e.changes.company_name?.after === 'Audited Co',
      ),
    ).toBe(false);
    expect((await call('GET', '/audit/list', acmeAdmin)).statusCode).toBe(403);
  });

  it('offers no call that edits or deletes an entry', async () => {
    const writes = t.app.routeTable.filter(
      (r) => r.url.includes('/audit') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
    const id = (await call('GET', '/audit/list', admin)).json().items[0].id;
    for (const method of ['PATCH', 'DELETE', 'PUT'] as const) {
      expect((await t.app.inject({ method, url: api(`/audit/${id}`), headers: admin })).statusCode).toBe(404);
    }
  });
});
