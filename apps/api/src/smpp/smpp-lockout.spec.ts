import * as smpp from 'smpp';
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { readEnv } from '../config';
import * as passwords from '../lib/passwords';
import { smppOf } from '.';
import { authenticate } from './accounts';
import { connect, type Client } from './test-client';

const E = smpp.errors;
const AFTER = 3;
const REMOTE = '203.0.113.9';
type Headers = Record<string, string>;

describe('SMPP binds: the per-account lockout', () => {
  let t: TestApp;
  let acme: Headers, globex: Headers;
  const clients: Client[] = [];
  const verify = jest.spyOn(passwords, 'verifyPassword');
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload, remoteAddress: '198.51.100.4' });
  const account = async (prefix: string): Promise<{ smpp_account_uuid: string; system_id: string }> => {
    const res = await call('POST', '/smpp_account', acme, { system_id: prefix, password: 'right1' });
    expect(res.statusCode).toBe(201);
    return res.json().smpp_account;
  };
  const auth = (system_id: string, password: string) => authenticate(t.app.db, system_id, password, 'fast', REMOTE);
  const entries = (id: string) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'ip', 'changes', 'company_uuid'])
      .where('entity', '=', 'smpp_account')
      .where('entity_id', '=', id)
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      env: readEnv({ SMPP_BIND_LOCK_AFTER: String(AFTER), SMPP_BIND_LOCK_MINUTES: '15' }),
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    globex = bearer(await login(t.app, 'globex-admin@example.com'));
  }, 120_000);
  beforeEach(() => verify.mockClear());
  afterAll(async () => {
    verify.mockRestore();
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it('locks after SMPP_BIND_LOCK_AFTER failures: the right password is then refused without a hash; the lock is in the audit log', async () => {
    const a = await account('lock-a');
    for (let i = 0; i < AFTER; i++) expect(await auth(a.system_id, 'wrong1')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(AFTER);
    verify.mockClear();
    expect(await auth(a.system_id, 'right1')).toBeNull();
    expect(await auth(a.system_id.toUpperCase(), 'right1')).toBeNull();
    expect(verify).not.toHaveBeenCalled();

    const shown = (await call('GET', `/smpp_account/${a.smpp_account_uuid}`, acme)).json().smpp_account;
    expect(shown.failed_binds).toBe(AFTER);
    const until = Date.parse(shown.locked_until);
    expect(until).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 5_000);
    const [lock] = await entries(a.smpp_account_uuid);
    expect(lock).toMatchObject({ actor_email: null, ip: REMOTE });
    expect(lock.changes.failed_binds.after).toBe(AFTER);
    expect(Date.parse(lock.changes.locked_until.after as string)).toBe(until);
    expect(lock.company_uuid).toBe(shown.company_uuid);
  });

  it('whoever manages the account unlocks it (another company cannot), and the unlock is in the audit log', async () => {
    const a = await account('lock-b');
    for (let i = 0; i < AFTER; i++) await auth(a.system_id, 'wrong1');
    expect(await auth(a.system_id, 'right1')).toBeNull();
    expect((await call('POST', `/smpp_account/${a.smpp_account_uuid}/unlock`, globex)).statusCode).toBe(404);
    const res = await call('POST', `/smpp_account/${a.smpp_account_uuid}/unlock`, acme);
    expect(res.statusCode).toBe(200);
    expect(res.json().smpp_account).toMatchObject({ locked_until: null, failed_binds: 0 });
    expect(await auth(a.system_id, 'right1')).toMatchObject({ smpp_account_uuid: a.smpp_account_uuid });
    const [, unlock] = await entries(a.smpp_account_uuid);
    expect(unlock).toMatchObject({ actor_email: 'acme-admin@example.com', ip: '198.51.100.4' });
    expect(unlock.changes.locked_until.after).toBeNull();
    expect(unlock.changes.failed_binds).toEqual({ before: AFTER, after: 0 });
  });

  it('counts attempts in flight: a burst of concurrent guesses gets no more hashes than the limit', async () => {
    const a = await account('lock-c');
    const answers = await Promise.all(Array.from({ length: 20 }, () => auth(a.system_id, 'wrong1')));
    expect(answers.every((x) => x === null)).toBe(true);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(AFTER);
    expect(await auth(a.system_id, 'right1')).toBeNull();
    // one lock, however many failures raced to set it
    expect(await entries(a.smpp_account_uuid)).toHaveLength(1);
  });

  it('a successful bind starts the count again', async () => {
    const a = await account('lock-d');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < AFTER - 1; i++) expect(await auth(a.system_id, 'wrong1')).toBeNull();
      expect(await auth(a.system_id, 'right1')).not.toBeNull();
    }
    expect((await call('GET', `/smpp_account/${a.smpp_account_uuid}`, acme)).json().smpp_account).toMatchObject({
      locked_until: null,
      failed_binds: 0,
    });
    // while the failures in a row reach the limit, it locks
    for (let i = 0; i < AFTER; i++) await auth(a.system_id, 'wrong1');
    expect(await auth(a.system_id, 'right1')).toBeNull();
  });

  it('a lock ends by itself after SMPP_BIND_LOCK_MINUTES, and the count begins anew', async () => {
    const a = await account('lock-e');
    for (let i = 0; i < AFTER; i++) await auth(a.system_id, 'wrong1');
    expect(await auth(a.system_id, 'right1')).toBeNull();
    await t.app.db
      .updateTable('smpp_accounts')
      .set({
        locked_until: sql<Date>`now() - interval '1 second'`,
        failed_since: sql<Date>`now() - interval '16 minutes'`,
      })
      .where('smpp_account_uuid', '=', a.smpp_account_uuid)
      .execute();
    expect((await call('GET', `/smpp_account/${a.smpp_account_uuid}`, acme)).json().smpp_account).toMatchObject({
      locked_until: null,
      failed_binds: 0,
    });
    expect(await auth(a.system_id, 'wrong1')).toBeNull();
    expect(await auth(a.system_id, 'right1')).not.toBeNull();
  });

  it('an unknown system_id is hashed as often as a known one, then refused unhashed the same way', async () => {
    for (let i = 0; i < AFTER; i++) expect(await auth('no-such-id', 'wrong1')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(AFTER);
    verify.mockClear();
    expect(await auth('NO-SUCH-ID', 'wrong1')).toBeNull();
    expect(verify).not.toHaveBeenCalled();
  });

  it('over SMPP a locked account answers as a wrong password does, and its open binds stay up', async () => {
    const a = await account('lock-f');
    const port = smppOf(t.app).port as number;
    const bound = await connect(port);
    clients.push(bound);
    expect(await bound.bind('bind_transceiver', a.system_id, 'right1')).toBe(0);
    for (let i = 0; i < AFTER; i++) await auth(a.system_id, 'wrong1');
    const c = await connect(port);
    clients.push(c);
    expect(await c.bind('bind_transceiver', a.system_id, 'right1')).toBe(E.ESME_RINVPASWD);
    expect(await c.bind('bind_transceiver', 'no-such-id', 'right1')).toBe(E.ESME_RINVPASWD);
    const link = await new Promise<smpp.Pdu>((res) => bound.session.enquire_link({}, res));
    expect(link.command_status).toBe(0);
    const binds = (await call('GET', `/smpp_account/${a.smpp_account_uuid}/binds`, acme)).json().items;
    expect(binds).toHaveLength(1);
  });
});
