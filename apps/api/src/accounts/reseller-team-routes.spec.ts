import { READ_ONLY_REFUSAL } from '@smsc/shared-contract';
import { api, bearer, createTestApp, DEMO_PASSWORD, login, tokenFromOutbox, type TestApp } from '../testing/test-app';
import { mayWriteReadOnly } from '../plugins/auth';

type Headers = Record<string, string>;
const NEW_PASSWORD = 'team-pass-4711';
const SOME_ID = '00000000-0000-4000-8000-000000000001';

describe('a reseller team', () => {
  let t: TestApp;
  let admin: Headers;
  let resellerAdmin: Headers;
  let demo: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    resellerAdmin = bearer(await login(t.app, 'reseller@example.com'));
    const resellers = await t.app.db.selectFrom('resellers').select(['reseller_uuid', 'reseller_name']).execute();
    demo = resellers.find((r) => r.reseller_name === 'Demo Reseller')!.reseller_uuid;
    other = resellers.find((r) => r.reseller_name === 'Reseller 01')!.reseller_uuid;
  }, 120_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, ...(payload ? { payload } : {}) });
  const audits = async (id: string) =>
    (await call('GET', `/audit/list?entity=reseller_user&entity_id=${id}&per_page=50`, admin)).json().items as {
      action: string;
      actor_email: string;
    }[];
  /** A member the caller adds, signed in: by invitation (the mailed link sets the password) or with a password. */
  const addMember = async (
    by: Headers,
    reseller: string,
    email: string,
    reseller_role: 'admin' | 'read_only',
    invite = false,
  ) => {
    const res = await call('POST', `/reseller/${reseller}/user`, by, {
      email,
      full_name: email.split('@')[0],
      reseller_role,
      ...(invite ? {} : { password: NEW_PASSWORD }),
    });
    expect(res.statusCode).toBe(201);
    if (invite) {
      const token = await tokenFromOutbox(t.app, email);
      const set = await t.app.inject({
        method: 'POST',
        url: api(`/auth/reset_password/${token}`),
        payload: { passwd: NEW_PASSWORD },
      });
      expect(set.statusCode).toBe(200);
    }
    return {
      id: res.json().uuid as string,
      body: res.json(),
      headers: bearer(await login(t.app, email, NEW_PASSWORD)),
    };
  };

  it('lets a reseller admin invite a read-only member by mail, who signs in read-only and reads its companies', async () => {
    const res = await call('POST', `/reseller/${demo}/user`, resellerAdmin, {
      email: 'viewer@example.com',
      full_name: 'Vera Viewer',
      reseller_role: 'read_only',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reseller_role: 'read_only', invite_pending: true, is_active: true });
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'viewer@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('You are invited to the Demo Reseller console');
    expect(mail.body).toContain('as a read-only member');
    // before choosing a password nothing signs in
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: api('/auth'),
          payload: { email: 'viewer@example.com', password: '!invited' },
        })
      ).statusCode,
    ).toBe(401);
    const token = await tokenFromOutbox(t.app, 'viewer@example.com');
    await t.app.inject({
      method: 'POST',
      url: api(`/auth/reset_password/${token}`),
      payload: { passwd: NEW_PASSWORD },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      payload: { email: 'viewer@example.com', password: NEW_PASSWORD },
    });
    expect(signIn.json()).toMatchObject({ user_type: 'reseller', read_only: true });
    const viewer = bearer(signIn.json().token);
    expect((await call('POST', '/auth/check-token', viewer)).json().read_only).toBe(true);
    expect((await call('POST', '/auth/check-token', resellerAdmin)).json().read_only).toBeUndefined();

    // it reads what its reseller reads, and only that
    const mine = (await call('GET', '/company/list?per_page=100', viewer)).json();
    const theirs = (await call('GET', '/company/list?per_page=100', resellerAdmin)).json();
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.map((c: { company_uuid: string }) => c.company_uuid)).toEqual(
      theirs.items.map((c: { company_uuid: string }) => c.company_uuid),
    );
    expect(new Set(mine.items.map((c: { reseller_uuid: string }) => c.reseller_uuid))).toEqual(new Set([demo]));
    const list = (await call('GET', `/reseller/${demo}/user/list`, viewer)).json();
    expect(list.items.map((m: { email: string }) => m.email).sort()).toEqual([
      'reseller@example.com',
      'viewer@example.com',
    ]);
    expect(list.items.find((m: { email: string }) => m.email === 'viewer@example.com').invite_pending).toBe(false);
    expect(await audits(res.json().uuid)).toEqual([
      expect.objectContaining({ action: 'create', actor_email: 'reseller@example.com' }),
    ]);
  });

  it('refuses every write of a read-only member with a reason code, but lets it keep its own account', async () => {
    const viewer = await addMember(resellerAdmin, demo, 'viewer2@example.com', 'read_only');
    const company = (await call('GET', '/company/list', viewer.headers)).json().items[0].company_uuid as string;
    for (const [method, url, body] of [
      ['POST', '/company', { company_name: 'Sneaky Co' }],
      ['PATCH', `/company/${company}`, { company_name: 'Renamed' }],
      ['DELETE', `/company/${company}`, undefined],
      ['POST', `/reseller/${demo}/user`, { email: 'x@example.com', full_name: 'X', reseller_role: 'admin' }],
      ['PATCH', `/reseller/${demo}/user/${viewer.id}`, { reseller_role: 'admin' }],
    ] as const) {
      const res = await call(method, url, viewer.headers, body);
      expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({
        method,
        url,
        status: 403,
        code: READ_ONLY_REFUSAL,
      });
    }
    expect((await call('GET', `/company/${company}`, admin)).json().company_name).not.toBe('Renamed');
    // its own account: name, and sign-out
    expect((await call('PATCH', '/home', viewer.headers, { full_name: 'Vera V.' })).statusCode).toBe(200);
    expect((await call('POST', '/auth/logout', viewer.headers)).statusCode).toBe(200);
  });

  it('refuses, on every write route a reseller may call, a read-only member (the route table, not a list)', async () => {
    const viewer = await addMember(admin, demo, 'viewer3@example.com', 'read_only');
    const writes = t.app.routeTable.filter(
      (r) =>
        r.access !== 'public' &&
        r.access.reseller !== 'none' &&
        !r.method.split(',').every((m) => ['GET', 'HEAD', 'OPTIONS'].includes(m)),
    );
    expect(writes.length).toBeGreaterThan(20);
    let refused = 0;
    for (const r of writes) {
      if (r.access === 'public' || mayWriteReadOnly(r.method.split(',')[0], r.access.reseller, r)) continue;
      const method = r.method.split(',')[0] as 'POST';
      const url = r.url.replace(/:[a-z_]+/g, SOME_ID);
      const res = await t.app.inject({ method, url, headers: viewer.headers, payload: {} });
      // refused before the handler or even the body's validation runs
      expect({ route: `${method} ${r.url}`, status: res.statusCode, code: res.json().code }).toEqual({
        route: `${method} ${r.url}`,
        status: 403,
        code: READ_ONLY_REFUSAL,
      });
      refused++;
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('keeps each reseller’s team to itself', async () => {
    const stranger = await addMember(admin, other, 'stranger@example.com', 'admin');
    const strangerViewer = await addMember(stranger.headers, other, 'stranger-viewer@example.com', 'read_only');
    const demoMember = await addMember(resellerAdmin, demo, 'member@example.com', 'read_only');
    for (const who of [stranger.headers, strangerViewer.headers]) {
      expect((await call('GET', `/reseller/${demo}/user/list`, who)).statusCode).toBe(404);
      const companies = (await call('GET', '/company/list?per_page=100', who)).json();
      expect(companies.items.filter((c: { reseller_uuid: string }) => c.reseller_uuid !== other)).toEqual([]);
    }
    expect(
      (await call('PATCH', `/reseller/${demo}/user/${demoMember.id}`, stranger.headers, { is_active: false }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/reseller/${other}/user/${demoMember.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await call('GET', `/reseller/${other}/user/list`, resellerAdmin)).statusCode).toBe(404);
    const own = (await call('GET', `/reseller/${other}/user/list`, stranger.headers)).json();
    expect(own.items.map((m: { email: string }) => m.email).sort()).toEqual([
      'stranger-viewer@example.com',
      'stranger@example.com',
    ]);
    // company roles reach no team at all
    const acme = bearer(await login(t.app, 'acme-admin@example.com'));
    expect((await call('GET', `/reseller/${demo}/user/list`, acme)).statusCode).toBe(403);
    // the system admin reaches every team
    expect((await call('GET', `/reseller/${other}/user/list`, admin)).json().total).toBe(2);
  });

  it('deactivates and removes members, keeps an admin, and logs each change', async () => {
    const member = await addMember(admin, demo, 'temp@example.com', 'admin', true);
    expect(member.body.invite_pending).toBe(true);
    const off = await call('PATCH', `/reseller/${demo}/user/${member.id}`, resellerAdmin, { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false });
    // its open session ends, and it cannot sign in again
    expect((await call('GET', '/company/list', member.headers)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: api('/auth'),
          payload: { email: 'temp@example.com', password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/reseller/${demo}/user/${member.id}`, resellerAdmin)).json().message).toBe(
      'User removed',
    );
    expect(await t.app.db.selectFrom('users').select('uuid').where('uuid', '=', member.id).execute()).toEqual([]);
    expect((await audits(member.id)).map((a) => [a.action, a.actor_email])).toEqual([
      ['delete', 'reseller@example.com'],
      ['update', 'reseller@example.com'],
      ['create', 'admin@example.com'],
    ]);

    const self = (await call('GET', `/reseller/${demo}/user/list?email=reseller@`, resellerAdmin)).json().items[0];
    const demote = await call('PATCH', `/reseller/${demo}/user/${self.uuid}`, resellerAdmin, {
      reseller_role: 'read_only',
    });
    expect(demote.statusCode).toBe(400);
    // the system admin may not leave the reseller without an active admin either
    const lastAdmin = await call('PATCH', `/reseller/${demo}/user/${self.uuid}`, admin, { is_active: false });
    expect({ status: lastAdmin.statusCode, message: lastAdmin.json().detail }).toEqual({
      status: 409,
      message: 'This is the reseller’s last active admin: make another member admin first',
    });
    expect((await call('POST', '/auth/check-token', resellerAdmin)).statusCode).toBe(200);
    // a taken address is refused, whatever its case
    const taken = await call('POST', `/reseller/${demo}/user`, admin, {
      email: 'Reseller@Example.com',
      full_name: 'Dup',
      reseller_role: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
  });
});
