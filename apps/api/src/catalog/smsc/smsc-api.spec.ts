import type { GatewayConnection } from './gateway-control';
import { messagingOf } from '../../messaging';
import { migrate } from '../../db/migrations';
import { api, bearer, createTestApp, login, type TestApp } from '../../testing/test-app';
import { fieldsOf } from '../../testing/problem-answers';

const SECRET = 'Sm5c-Secret-Passw0rd';

describe('SMSC connections, API adapters and the gateway', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });
  const smpp = {
    smsc_id: 'northwind-smpp',
    api_adapter_id: 'smpp',
    host: 'smsc.northwind.example',
    port: 2775,
    system_id: 'acct42',
    password: SECRET,
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());

  it('lists the API adapters the gateway implements, with the fields each needs; an unknown one is 404', async () => {
    const list = (await call('GET', '/api_adapter/list', admin)).json();
    expect(list.items.map((a: { api_adapter_id: string }) => a.api_adapter_id)).toEqual([
      'simulator',
      'smpp',
      'kannel',
      'http',
    ]);
    expect(list).toMatchObject({ total: 4, per_page: 10 });
    expect((await call('GET', '/api_adapter/list?per_page=1&page=1', admin)).json().items).toEqual([
      expect.objectContaining({ api_adapter_id: 'smpp' }),
    ]);
    expect((await call('GET', '/api_adapter/smpp', admin)).json()).toMatchObject({
      protocol: 'smpp',
      required: ['host', 'port', 'system_id', 'password'],
    });
    expect((await call('GET', '/api_adapter/x25', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api_adapter/NOT%20AN%20ID', admin)).statusCode).toBe(400);
  });

  it('creates, lists by smsc_id, edits and deletes a connection; the password is stored but never answered', async () => {
    const vendor = (await call('GET', '/vendor/list?vendor_name=*northwind*', admin)).json().items[0];
    const created = await call('POST', '/smsc_connection', admin, {
      ...smpp,
      vendor_uuid: vendor.vendor_uuid,
      throughput: 50,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      smsc_id: 'northwind-smpp',
      vendor_name: vendor.vendor_name,
      api_adapter_name: 'SMPP 3.4 client',
      has_password: true,
      status: 'active',
    });
    const id = created.json().smsc_connection_uuid;
    await call('POST', '/smsc_connection', admin, { smsc_id: 'sim-1', api_adapter_id: 'simulator' });
    // every answer that shows a connection, none with the secret
    const answers = [
      created,
      await call('GET', '/smsc_connection/list', admin),
      await call('GET', `/smsc_connection/${id}`, admin),
      await call('PATCH', `/smsc_connection/${id}`, admin, { throughput: 80 }),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBeLessThan(300);
      expect(a.body).not.toContain(SECRET);
      expect(a.body).not.toMatch(/"password"\s*:/);
    }
    // the audit log says the password was set, not what to
    const log = await call('GET', '/audit/list?entity=smsc_connection', admin);
    expect(log.body).not.toContain(SECRET);
    expect(
      log.json().items.find((e: { entity_id: string; action: string }) => e.entity_id === id && e.action === 'create')
        .changes.password,
    ).toEqual({ before: null, after: '[redacted]' });
    // stored sealed (AES-256-GCM under the server key), never as typed
    const stored = (
      await t.app.db
        .selectFrom('smsc_connections')
        .select('password')
        .where('smsc_connection_uuid', '=', id)
        .executeTakeFirstOrThrow()
    ).password as string;
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(SECRET);
    expect(t.app.secrets.smscPassword.open(stored)).toBe(SECRET);

    const byId = (await call('GET', '/smsc_connection/list?smsc_id=*northwind*', admin)).json();
    expect(byId.items.map((c: { smsc_id: string }) => c.smsc_id)).toEqual(['northwind-smpp']);
    expect((await call('GET', `/smsc_connection/list?vendor_uuid=${vendor.vendor_uuid}`, admin)).json().total).toBe(1);
    // a patch without the password keeps it; null removes it, and then SMPP lacks one
    expect((await call('PATCH', `/smsc_connection/${id}`, admin, { host: '10.0.0.7' })).json()).toMatchObject({
      host: '10.0.0.7',
      has_password: true,
      throughput: 80,
    });
    // a new password is sealed too
    expect((await call('PATCH', `/smsc_connection/${id}`, admin, { password: 'Other-Pass-2' })).body).not.toContain(
      'Other-Pass-2',
    );
    const resealed = (
      await t.app.db
        .selectFrom('smsc_connections')
        .select('password')
        .where('smsc_connection_uuid', '=', id)
        .executeTakeFirstOrThrow()
    ).password as string;
    expect(t.app.secrets.smscPassword.open(resealed)).toBe('Other-Pass-2');
    const cleared = await call('PATCH', `/smsc_connection/${id}`, admin, { password: null });
    expect(cleared.statusCode).toBe(400);
    expect(fieldsOf(cleared)).toEqual({ password: expect.stringContaining('needs a password') });
    expect(
      (await call('PATCH', `/smsc_connection/${id}`, admin, { password: null, api_adapter_id: 'kannel' })).json(),
    ).toMatchObject({ has_password: false, api_adapter_id: 'kannel' });
    expect((await call('DELETE', `/smsc_connection/${id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/smsc_connection/${id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/smsc_connection/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const before = await t.app.db
      .selectFrom('smsc_connections')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad: [object, string][] = [
      [{ ...smpp, api_adapter_id: 'carrier-pigeon' }, 'api_adapter_id'],
      [{ ...smpp, host: undefined }, 'host'],
      [{ ...smpp, vendor_uuid: '00000000-0000-4000-8000-000000000000' }, 'vendor_uuid'],
    ];
    for (const [body, field] of bad) {
      const r = await call('POST', '/smsc_connection', admin, body);
      expect(r.statusCode).toBe(400);
      expect(Object.keys(fieldsOf(r))).toEqual([field]);
    }
    for (const body of [
      { ...smpp, port: 70000 },
      { ...smpp, smsc_id: 'has space' },
      { ...smpp, password: 'line\nbreak' },
      { ...smpp, owner: 'x' },
    ]) {
      expect((await call('POST', '/smsc_connection', admin, body)).statusCode).toBe(400);
    }
    for (const [body, field] of [
      [{ ...smpp, window_size: -5 }, 'window_size'],
      [{ ...smpp, window_size: 20000 }, 'window_size'],
      [{ ...smpp, transceiver_mode: 'yes' }, 'transceiver_mode'],
    ] as const) {
      const r = await call('POST', '/smsc_connection', admin, body);
      expect([field, r.statusCode, r.body]).toEqual([field, 400, expect.stringContaining(field)]);
    }
    await call('POST', '/smsc_connection', admin, { smsc_id: 'dup-1', api_adapter_id: 'simulator' });
    expect(
      fieldsOf(await call('POST', '/smsc_connection', admin, { smsc_id: 'DUP-1', api_adapter_id: 'simulator' })),
    ).toEqual({ smsc_id: expect.stringContaining('taken') });
    const after = await t.app.db
      .selectFrom('smsc_connections')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it("keeps each link's SMPP window and bind mode: given, answered, edited; unset is the gateway default and a transceiver", async () => {
    const made = await call('POST', '/smsc_connection', admin, {
      ...smpp,
      smsc_id: 'windowed',
      window_size: 250,
      transceiver_mode: false,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ window_size: 250, transceiver_mode: false });
    const id = made.json().smsc_connection_uuid;
    expect(
      (await call('PATCH', `/smsc_connection/${id}`, admin, { window_size: null, transceiver_mode: true })).json(),
    ).toMatchObject({ window_size: null, transceiver_mode: true });
    expect((await call('GET', '/smsc_connection/list?smsc_id=windowed', admin)).json().items[0]).toMatchObject({
      window_size: null,
      transceiver_mode: true,
    });
    const plain = (await call('POST', '/smsc_connection', admin, { ...smpp, smsc_id: 'defaults' })).json();
    expect(plain).toMatchObject({ window_size: null, transceiver_mode: true });
    for (const c of [id, plain.smsc_connection_uuid]) await call('DELETE', `/smsc_connection/${c}`, admin);
  });

  it('migration 013 seals passwords stored as typed, once: sealed ones are left as they are', async () => {
    const box = t.app.secrets.smscPassword;
    const old = await t.app.db
      .insertInto('smsc_connections')
      .values({
        smsc_id: 'legacy-plain',
        api_adapter_id: 'smpp',
        host: 'h.example',
        port: 2775,
        system_id: 'x',
        password: 'Legacy-Pass-1',
      })
      .returning('smsc_connection_uuid')
      .executeTakeFirstOrThrow();
    const already = box.seal('Already-Sealed-2');
    const kept = await t.app.db
      .insertInto('smsc_connections')
      .values({
        smsc_id: 'legacy-sealed',
        api_adapter_id: 'smpp',
        host: 'h.example',
        port: 2775,
        system_id: 'x',
        password: already,
      })
      .returning('smsc_connection_uuid')
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('kysely_migration').where('name', 'like', '%\\_013_smsc_password_sealed').execute();
    await migrate(t.app.db, { secrets: t.app.secrets });
    const pw = async (id: string) =>
      (
        await t.app.db
          .selectFrom('smsc_connections')
          .select('password')
          .where('smsc_connection_uuid', '=', id)
          .executeTakeFirstOrThrow()
      ).password as string;
    expect(await pw(old.smsc_connection_uuid)).toMatch(/^enc:v1:/);
    expect(box.open(await pw(old.smsc_connection_uuid))).toBe('Legacy-Pass-1');
    expect(await pw(kept.smsc_connection_uuid)).toBe(already);
    expect(
      await t.app.db
        .selectFrom('kysely_migration')
        .select('name')
        .where('name', 'like', '%\\_013_smsc_password_sealed')
        .executeTakeFirst(),
    ).toBeTruthy();
    await t.app.db.deleteFrom('smsc_connections').where('smsc_id', 'in', ['legacy-plain', 'legacy-sealed']).execute();
  });

  it("is the system admin's alone: resellers, company admins and users get 403 on every call", async () => {
    const conn = (await call('POST', '/smsc_connection', admin, { ...smpp, smsc_id: 'role-check' })).json();
    for (const email of ['reseller@example.com', 'acme-admin@example.com', 'acme-user@example.com']) {
      const h = bearer(await login(t.app, email));
      for (const [method, url, body] of [
        ['GET', '/smsc_connection/list'],
        ['GET', `/smsc_connection/${conn.smsc_connection_uuid}`],
        ['POST', '/smsc_connection', { ...smpp, smsc_id: 'mine' }],
        ['PATCH', `/smsc_connection/${conn.smsc_connection_uuid}`, { host: 'evil.example' }],
        ['DELETE', `/smsc_connection/${conn.smsc_connection_uuid}`],
        ['GET', '/api_adapter/list'],
        ['GET', '/api_adapter/smpp'],
        ['POST', '/gateway', { command: 'restart' }],
      ] as const) {
        const r = await call(method, url, h, body);
        expect([email, method, url, r.statusCode]).toEqual([email, method, url, 403]);
        expect(r.body).not.toContain(SECRET);
      }
    }
    expect((await call('GET', `/smsc_connection/${conn.smsc_connection_uuid}`, admin)).json().host).toBe(smpp.host);
    expect((await call('GET', '/smsc_connection/list', {})).statusCode).toBe(401);
  });

  it('restarts the gateway: the built-in simulator reloads; a gateway adapter gets the active connections, secrets sealed', async () => {
    expect((await call('POST', '/gateway', admin, { command: 'reboot' })).statusCode).toBe(400);
    expect((await call('POST', '/gateway', admin, {})).statusCode).toBe(400);
    const active = Number(
      (
        await t.app.db
          .selectFrom('smsc_connections')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { gateway, control } = messagingOf(t.app);
    const reload = jest.spyOn(gateway, 'reload');
    const simulated = await call('POST', '/gateway', admin, { command: 'restart' });
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json()).toEqual({
      applied_by: 'gateway',
      connections: active,
      message: expect.stringContaining('simulator reloaded'),
    });
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();

    await call(
      'PATCH',
      `/smsc_connection/${(await call('GET', '/smsc_connection/list?smsc_id=sim-1', admin)).json().items[0].smsc_connection_uuid}`,
      admin,
      { status: 'inactive' },
    );
    const received: GatewayConnection[][] = [];
    // stands in for a Kannel adapter: it receives what would become its configuration
    const restart = jest.spyOn(control, 'restart').mockImplementation(async (c) => void received.push(c));
    try {
      const applied = await call('POST', '/gateway', admin, { command: 'restart' });
      expect(applied.json()).toMatchObject({ applied_by: 'gateway', connections: active - 1 });
      expect(applied.body).not.toContain(SECRET);
      expect(received).toHaveLength(1);
      expect(received[0].map((c) => c.smsc_id)).not.toContain('sim-1');
      // sealed on the way: only the adapter opens it, where it writes its configuration
      const handed = received[0].find((c) => c.smsc_id === 'role-check') as GatewayConnection;
      expect(handed).toMatchObject({ port: 2775, api_adapter_id: 'smpp', window_size: null, transceiver_mode: true });
      expect(handed.password).not.toBe(SECRET);
      expect(t.app.secrets.smscPassword.open(handed.password as string)).toBe(SECRET);
    } finally {
      restart.mockRestore();
    }
    const log = await t.app.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'actor_email', 'changes'])
      .where('entity', '=', 'gateway')
      .orderBy('id')
      .execute();
    expect(log).toHaveLength(2);
    expect(
      log.map((l) => [
        l.entity_id,
        l.actor_email,
        (l.changes as unknown as Record<string, { after: unknown }>).applied_by.after,
      ]),
    ).toEqual([
      ['restart', 'admin@example.com', 'gateway'],
      ['restart', 'admin@example.com', 'gateway'],
    ]);
  });

  it("reports link health: with the built-in simulator, the simulator itself; the system admin's alone", async () => {
    const h = await call('GET', '/smsc_connection/status', admin);
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({
      gateway: 'simulator',
      reachable: true,
      links: expect.arrayContaining([{ ...h.json().links[0], smsc_id: 'simulator', state: 'online' }]),
    });
    expect(h.json().links[0].queued).toEqual(expect.any(Number));
    expect(h.body).not.toContain(SECRET);
    expect(
      (await call('GET', '/smsc_connection/status', bearer(await login(t.app, 'reseller@example.com')))).statusCode,
    ).toBe(403);
  });
});
