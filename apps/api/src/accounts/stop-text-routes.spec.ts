import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { resellerWithLogin } from '../testing/fixtures';

describe('stop-text filters are kept per reseller', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let other: Record<string, string>;
  let demoReseller: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    // A second reseller with a login of its own, to show the two never see each other's filters.
    other = (await resellerWithLogin(t.app, { name: 'Second Reseller', email: 'second-reseller@example.com' })).headers;
    demoReseller = (
      await t.app.db
        .selectFrom('users')
        .select('reseller_uuid')
        .where('email', '=', 'reseller@example.com')
        .executeTakeFirstOrThrow()
    ).reseller_uuid as string;
  });
  afterAll(async () => t.close());
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });

  it('a reseller creates filters under itself and lists only its own, newest first', async () => {
    const created = await call('POST', '/stop_text/create', reseller, { filter: { text: 'RESELLER HALT' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().filter.reseller_uuid).toBe(demoReseller);
    const list = (await call('GET', '/stop_text/list?per_page=100', reseller)).json();
    expect(list.total).toBe(13);
    expect(list.items[0].text).toBe('RESELLER HALT');
    expect(list.items.every((f: { reseller_uuid: string }) => f.reseller_uuid === demoReseller)).toBe(true);
    const stamps = list.items.map((f: { created_on: string }) => f.created_on);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    // wildcard search stays inside the reseller's own filters
    expect((await call('GET', '/stop_text/list?text=*STOP*', reseller)).json().total).toBe(0);
    expect((await call('GET', '/stop_text/list?text=*opt%20out%201*', reseller)).json().total).toBe(4);
  });

  it("the platform filters and another reseller's filters answer 404 to a reseller and stay unchanged", async () => {
    const platform = (await call('GET', '/stop_text/list?text=*QUIT*', admin)).json().items[0];
    expect(platform.reseller_uuid).toBeNull();
    const mine = (await call('GET', '/stop_text/list?per_page=1', reseller)).json().items[0];
    for (const [headers, id] of [
      [reseller, platform.filter_uuid],
      [other, mine.filter_uuid],
    ] as const) {
      expect((await call('GET', `/stop_text/${id}`, headers)).statusCode).toBe(404);
      expect((await call('PATCH', `/stop_text/${id}`, headers, { filter: { text: 'HIJACKED' } })).statusCode).toBe(404);
      expect((await call('DELETE', `/stop_text/${id}`, headers)).statusCode).toBe(404);
    }
    expect((await call('GET', `/stop_text/${platform.filter_uuid}`, admin)).json().filter.text).toBe(platform.text);
    expect((await call('GET', `/stop_text/${mine.filter_uuid}`, reseller)).json().filter.text).toBe(mine.text);
    expect((await call('GET', '/stop_text/list', other)).json().total).toBe(0);
  });

  it("the system admin sees and edits every filter, a reseller's included", async () => {
    const all = (await call('GET', '/stop_text/list?per_page=100', admin)).json();
    expect(all.total).toBe(25 + 13);
    const theirs = all.items.find((f: { text: string }) => f.text === 'RESELLER HALT');
    const edited = await call('PATCH', `/stop_text/${theirs.filter_uuid}`, admin, { filter: { is_active: false } });
    expect(edited.json().filter).toMatchObject({ is_active: false, reseller_uuid: demoReseller });
    const mine = await call('POST', '/stop_text/create', admin, { filter: { text: 'PLATFORM HALT' } });
    expect(mine.json().filter.reseller_uuid).toBeNull();
    expect((await call('DELETE', `/stop_text/${theirs.filter_uuid}`, reseller)).statusCode).toBe(200);
  });

  it('company users have no filters', async () => {
    const acme = bearer(await login(t.app, 'acme-admin@example.com'));
    expect((await call('GET', '/stop_text/list', acme)).statusCode).toBe(403);
  });
});
