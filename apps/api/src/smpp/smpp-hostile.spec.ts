// The customer SMPP port is public: what a hostile or broken client sends ends its own session at most, and
// nothing it does makes the server hold more for it than the limits allow (docs/security.md, SMPP).
import * as smpp from 'smpp';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed } from '../testing/fixtures';
import { loadEnv } from '../config';
import { smppOf } from '.';
import { connect } from './test-client';
import { bindBody, cstr, rawConnect, rawPdu, type RawClient } from './raw-client';

const E = smpp.errors;
const GENERIC_NACK = 0x80000000;
const ENQUIRE_LINK = 0x15;
const OUTBIND = 0x0b;
const ALERT_NOTIFICATION = 0x102;
const BIND_TRANSMITTER = 0x02;
const LIMITS = {
  maxConnections: 40,
  maxConnectionsPerAddress: 8,
  bindTimeoutMs: 400,
  inactivityMs: 600,
  writeBufferBytes: 4096,
  bindHashConcurrency: 2,
};

describe('SMPP listener against hostile clients', () => {
  let t: TestApp;
  let port: number;
  const raws: RawClient[] = [];
  const raw = async (opts?: { read?: boolean }) => {
    const c = await rawConnect(port, opts);
    raws.push(c);
    return c;
  };
  /** the process still answers HTTP and binds: what every case below must leave standing */
  const stillServing = async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const c = await connect(port);
    expect(await c.bind('bind_transmitter', 'hostile1', 'secret1')).toBe(0);
    await c.close();
  };

  beforeAll(async () => {
    t = await createTestApp({ smpp: { port: 0, tlsPort: false, limits: LIMITS } });
    const admin = bearer(await login(t.app, 'admin@example.com'));
    const company_uuid = await companyNamed(t.app, 'Acme');
    const res = await t.app.inject({
      method: 'POST',
      url: api('/smpp_account'),
      headers: admin,
      payload: { company_uuid, system_id: 'hostile1', password: 'secret1', max_binds: 10, tps: 100 },
    });
    expect(res.statusCode).toBe(201);
    port = smppOf(t.app).port as number;
  }, 120_000);
  afterEach(async () => {
    for (const c of raws.splice(0)) c.end();
    // the next case starts with the address's connection places free
    for (let i = 0; i < 100 && smppOf(t.app).connections > 0; i++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers outbind and alert_notification before a bind with generic_nack, and keeps serving', async () => {
    const c = await raw();
    c.socket.write(rawPdu(OUTBIND, 1, Buffer.concat([cstr('x'), cstr('y')])));
    c.socket.write(
      rawPdu(ALERT_NOTIFICATION, 2, Buffer.concat([Buffer.from([1, 1]), cstr('1'), Buffer.from([1, 1]), cstr('2')])),
    );
    expect(await c.answerTo(1)).toMatchObject({ id: GENERIC_NACK, status: E.ESME_RINVCMDID });
    expect(await c.answerTo(2)).toMatchObject({ id: GENERIC_NACK, status: E.ESME_RINVCMDID });
    await stillServing();
  });

  it('answers an unknown command id with generic_nack, after a bind too', async () => {
    const c = await raw();
    c.socket.write(rawPdu(BIND_TRANSMITTER, 1, bindBody('hostile1', 'secret1')));
    expect(await c.answerTo(1)).toMatchObject({ status: 0 });
    c.socket.write(rawPdu(0x0777, 2));
    c.socket.write(rawPdu(ALERT_NOTIFICATION, 3));
    expect(await c.answerTo(2)).toMatchObject({ id: GENERIC_NACK, status: E.ESME_RINVCMDID });
    expect(await c.answerTo(3)).toMatchObject({ id: GENERIC_NACK, status: E.ESME_RINVCMDID });
  });

  it.each([
    ['0 (no header at all)', 0],
    ['5 (shorter than the header)', 5],
    ['15', 15],
    ['past the maximum', 16_385],
  ])('closes a connection whose command_length is %s', async (_label, length) => {
    const c = await raw();
    const head = Buffer.alloc(16);
    head.writeUInt32BE(length, 0);
    head.writeUInt32BE(ENQUIRE_LINK, 4);
    c.socket.write(head);
    await c.closed(3000);
    await stillServing();
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(Number(/^smsc_smpp_session_faults_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
  });

  it('closes a connection that does not bind within the session-init timer, however much it talks', async () => {
    const c = await raw();
    let seq = 1;
    const chatter = setInterval(() => c.socket.write(rawPdu(ENQUIRE_LINK, seq++)), 50);
    try {
      const t0 = Date.now();
      await c.closed(3000);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(LIMITS.bindTimeoutMs - 50);
      expect(smppOf(t.app).stats.timeouts.bind).toBeGreaterThan(0);
    } finally {
      clearInterval(chatter);
    }
  });

  it('closes a bound session that stays silent, and keeps one that sends enquire_link', async () => {
    const silent = await connect(port);
    const talking = await connect(port);
    expect(await silent.bind('bind_transmitter', 'hostile1', 'secret1')).toBe(0);
    expect(await talking.bind('bind_transmitter', 'hostile1', 'secret1')).toBe(0);
    const link = setInterval(() => talking.session.enquire_link(), 150);
    try {
      const closed = new Promise<void>((r) => silent.session.socket.once('close', () => r()));
      await closed;
      expect(talking.session.socket.destroyed).toBe(false);
      expect(smppOf(t.app).stats.timeouts.inactivity).toBeGreaterThan(0);
    } finally {
      clearInterval(link);
      await talking.close();
    }
  });

  it('caps connections per address: past the cap a new one closes at once, and a place frees on close', async () => {
    const open = await Promise.all(Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => raw()));
    const extra = await raw();
    await extra.closed(2000);
    expect(smppOf(t.app).refusedConnections).toBeGreaterThan(0);
    open[0].end();
    await open[0].closed();
    // the listener sees the close a moment later
    for (let i = 0; i < 50 && smppOf(t.app).connections >= LIMITS.maxConnectionsPerAddress; i++)
      await new Promise((r) => setTimeout(r, 20));
    const again = await raw();
    again.socket.write(rawPdu(BIND_TRANSMITTER, 1, bindBody('hostile1', 'secret1')));
    expect(await again.answerTo(1)).toMatchObject({ status: 0 });
  });

  it('stops reading a client that does not read its answers, and closes it: what it makes us buffer is bounded', async () => {
    const c = await raw({ read: false });
    c.socket.write(rawPdu(BIND_TRANSMITTER, 1, bindBody('hostile1', 'secret1')));
    // 400,000 enquire_link (6.4 MB) whose answers it never reads
    const burst = Buffer.concat(Array.from({ length: 4000 }, (_, i) => rawPdu(ENQUIRE_LINK, i + 2)));
    for (let i = 0; i < 100 && !c.socket.destroyed; i++) c.socket.write(burst);
    let most = 0;
    const watch = setInterval(() => {
      for (const s of smppOf(t.app).sessions()) most = Math.max(most, s.socket.writableLength);
    }, 5);
    try {
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      clearInterval(watch);
    }
    // one answer past the close threshold at most
    expect(most).toBeLessThanOrEqual(LIMITS.writeBufferBytes * 8 + 64);
    await stillServing();
  });

  it('counts a burst of concurrent wrong-password binds from one address before hashing: a few hashes, not one per guess', async () => {
    const guesses = await Promise.all(Array.from({ length: 7 }, () => raw()));
    const before = smppOf(t.app).stats.bindsThrottled;
    // 7 connections × 5 binds each: 35 guesses at once (the address cap is 8 connections)
    guesses.forEach((c, i) => {
      for (let j = 0; j < 5; j++)
        c.socket.write(rawPdu(BIND_TRANSMITTER, 100 + j, bindBody('hostile1', `bad${i}${j}`)));
    });
    const answers = await Promise.all(guesses.map((c) => c.answerTo(100)));
    expect(answers.every((a) => a.status !== 0)).toBe(true);
    // every guess past the address's five was refused unhashed
    expect(smppOf(t.app).stats.bindsThrottled - before).toBeGreaterThanOrEqual(2);
  });
});

describe('SMPP_ROLE: the SMPP listener in processes of its own', () => {
  it('smpp: the listener runs and HTTP answers only the operator probes', async () => {
    const t = await createTestApp({ env: { ...loadEnv(), SMPP_ROLE: 'smpp' } });
    try {
      expect(smppOf(t.app).port).toBeGreaterThan(0);
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^smsc_smpp_connections 0$/m);
      const signIn = await t.app.inject({
        method: 'POST',
        url: api('/auth'),
        payload: { email: 'admin@example.com', password: 'x' },
      });
      expect(signIn.statusCode).toBe(404);
      expect(signIn.json().detail).toMatch(/SMPP only/);
    } finally {
      await t.close();
    }
  });

  it('http: no SMPP port is opened, the API answers as usual', async () => {
    const t = await createTestApp({ env: { ...loadEnv(), SMPP_ROLE: 'http' } });
    try {
      expect(smppOf(t.app).port).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toMatch(/smsc_smpp_connections/);
      await login(t.app, 'admin@example.com');
    } finally {
      await t.close();
    }
  });
});
