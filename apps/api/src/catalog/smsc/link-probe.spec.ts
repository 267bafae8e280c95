import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { api, bearer, createTestApp, login, type TestApp } from '../../testing/test-app';
import { tcpProbe } from './link-probe';

const listen = (server: Server) =>
  new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));

describe('configured SMSC links under the built-in simulator', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const open = createServer((s) => s.destroy());
  let openPort: number;
  let closedPort: number;
  beforeAll(async () => {
    openPort = await listen(open);
    // a port that was free a moment ago: nothing listens there now
    const gone = createServer();
    closedPort = await listen(gone);
    await new Promise((done) => gone.close(done));
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
  }, 120_000);
  afterAll(async () => {
    open.close();
    await t.close();
  });
  const add = (smsc_id: string, port: number, status: 'active' | 'inactive' = 'active') =>
    t.app.inject({
      method: 'POST',
      url: api('/smsc_connection'),
      headers: admin,
      payload: {
        smsc_id,
        api_adapter_id: 'smpp',
        host: '127.0.0.1',
        port,
        system_id: 'acct',
        password: 'pw-123456',
        status,
      },
    });

  it('the probe tells a listening port from one where nothing listens', async () => {
    const probe = tcpProbe(1000);
    expect(await probe('127.0.0.1', openPort)).toBe('open');
    expect(await probe('127.0.0.1', closedPort)).toBe('closed');
  });

  it('the health table shows every configured link: nothing listening is dead, an answer is connecting, inactive unknown', async () => {
    expect((await add('nowhere-smpp', closedPort)).statusCode).toBe(201);
    expect((await add('answers-smpp', openPort)).statusCode).toBe(201);
    expect((await add('parked-smpp', closedPort, 'inactive')).statusCode).toBe(201);
    const health = (await t.app.inject({ method: 'GET', url: api('/smsc_connection/status'), headers: admin })).json();
    const state = Object.fromEntries(
      (health.links as { smsc_id: string; state: string; detail: string }[]).map((l) => [l.smsc_id, l]),
    );
    expect(state['simulator'].state).toBe('online');
    expect(state['nowhere-smpp']).toMatchObject({
      state: 'dead',
      detail: `nothing answers at 127.0.0.1:${closedPort}`,
    });
    expect(state['answers-smpp'].state).toBe('connecting');
    expect(state['parked-smpp'].state).toBe('unknown');
  });
});
