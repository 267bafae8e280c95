// Two API instances on one database, each with its own SMPP listener (as two nodes behind one address):
// an account's max_binds and tps hold for both together, where per-process limits allowed twice each.
import * as smpp from 'smpp';
import type { FastifyInstance } from 'fastify';
import { api, bearer, createTestApp, login, secondNode, type TestApp } from '../testing/test-app';
import { smppOf } from '.';
import { SharedThrottle } from './shared-limits';
import { connect, type Client } from './test-client';

const E = smpp.errors;
const sim = { simLatencyMs: 20, simFailureRate: 0, simAutoDeliver: true };

describe('SMPP limits across two API nodes on one database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  const clients: Client[] = [];
  const open = async (app: FastifyInstance) => {
    const c = await connect(smppOf(app).port as number);
    clients.push(c);
    return c;
  };
  const account = async (body: object) => {
    const res = await first.app.inject({
      method: 'POST',
      url: api('/smpp_account'),
      headers: bearer(await login(first.app, 'acme-admin@example.com')),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return res.json().smpp_account.system_id as string;
  };
  let sharedTps = '';

  beforeAll(async () => {
    first = await createTestApp({ demoTraffic: true, messaging: sim });
    second = await secondNode(first, { passwordHashCost: 'fast', smpp: { port: 0, tlsPort: false }, messaging: sim });
    await second.ready();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await second?.close();
    await first?.close();
  });

  it('counts the binds of both nodes against max_binds, and frees a place when a bind ends', async () => {
    const twoNodes = await account({ system_id: 'two-nodes', password: 'secret1', max_binds: 2, tps: 100 });
    const a = await open(first.app);
    expect(await a.bind('bind_transceiver', twoNodes, 'secret1')).toBe(0);
    const b = await open(second);
    expect(await b.bind('bind_transceiver', twoNodes, 'secret1')).toBe(0);
    // per process each node would have a place left
    expect(await (await open(first.app)).bind('bind_transceiver', twoNodes, 'secret1')).toBe(E.ESME_RBINDFAIL);
    expect(await (await open(second)).bind('bind_transceiver', twoNodes, 'secret1')).toBe(E.ESME_RBINDFAIL);
    await a.close();
    const again = await open(second);
    let status = -1;
    // the first node removes the closed bind's row as the socket's close reaches it
    for (let i = 0; i < 50 && status !== 0; i++) {
      status = await again.bind('bind_transceiver', twoNodes, 'secret1');
      if (status !== 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(0);
  });

  it('stops counting the binds of a node that stopped heartbeating (crashed)', async () => {
    const crashed = await account({ system_id: 'crashed-node', password: 'secret1', max_binds: 1, tps: 100 });
    expect(await (await open(first.app)).bind('bind_transmitter', crashed, 'secret1')).toBe(0);
    expect(await (await open(second)).bind('bind_transmitter', crashed, 'secret1')).toBe(E.ESME_RBINDFAIL);
    // as if the first node had died a minute ago: its row is no longer refreshed
    await first.app.db
      .updateTable('smpp_binds')
      .set({ seen_on: new Date(Date.now() - 60_000) })
      .where('node_id', '=', smppOf(first.app).shared.node_id)
      .execute();
    expect(await (await open(second)).bind('bind_transmitter', crashed, 'secret1')).toBe(0);
  });

  it('holds tps for the account across both nodes', async () => {
    sharedTps = await account({ system_id: 'shared-tps', password: 'secret1', max_binds: 4, tps: 10 });
    const [a, b] = [await open(first.app), await open(second)];
    expect(await a.bind('bind_transmitter', sharedTps, 'secret1')).toBe(0);
    expect(await b.bind('bind_transmitter', sharedTps, 'secret1')).toBe(0);
    const burst = (c: Client) =>
      Array.from({ length: 20 }, (_, i) =>
        c.submit({
          source_addr_ton: 1,
          source_addr: '12125552301',
          dest_addr_ton: 1,
          destination_addr: '14155550111',
          short_message: `tps ${i}`,
        }),
      );
    const t0 = Date.now();
    const resps = await Promise.all([...burst(a), ...burst(b)]);
    const seconds = (Date.now() - t0) / 1000;
    const ok = resps.filter((r) => r.command_status === 0).length;
    const throttled = resps.filter((r) => r.command_status === E.ESME_RTHROTTLED).length;
    // one second's worth (10) and what refills while the burst runs; per process it was 10 + 10 at once
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(10 + Math.ceil(seconds * 10) + 1);
    expect(ok + throttled).toBe(40);
  });

  it('grants one bucket of tps to two nodes drawing at once', async () => {
    const { smpp_account_uuid } = await first.app.db
      .selectFrom('smpp_accounts')
      .select('smpp_account_uuid')
      .where('system_id', '=', sharedTps)
      .executeTakeFirstOrThrow();
    const nodes = [new SharedThrottle(first.app.db), new SharedThrottle(second.db)];
    // the burst above has drained the bucket: a second refills it
    await new Promise((r) => setTimeout(r, 1100));
    const t0 = Date.now();
    const taken = await Promise.all(
      nodes.flatMap((n) => Array.from({ length: 20 }, () => n.take(smpp_account_uuid, 10))),
    );
    const seconds = (Date.now() - t0) / 1000;
    const granted = taken.filter(Boolean).length;
    expect(granted).toBeGreaterThanOrEqual(10);
    // kept per node this was 20 at once
    expect(granted).toBeLessThanOrEqual(10 + Math.ceil(seconds * 10));
    expect(seconds).toBeLessThan(0.9);
  });
});
