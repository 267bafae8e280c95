import { EventEmitter } from 'node:events';
import Fastify, { type FastifyInstance } from 'fastify';
import { closeOnSignals } from './graceful-shutdown';
import { createTestApp } from '../testing/test-app';
import { readEnv } from '../config';
import { jobsOf } from '../jobs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function slowServer(holdMs: number): Promise<{ app: FastifyInstance; url: string; started: Promise<void> }> {
  const app = Fastify();
  let started!: () => void;
  const begun = new Promise<void>((r) => (started = r));
  app.get('/slow', async () => {
    started();
    await sleep(holdMs);
    return { done: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, started: begun };
}

describe('graceful shutdown', () => {
  it('on SIGTERM lets the request in flight finish, refuses new connections and exits 0', async () => {
    const { app, url, started } = await slowServer(400);
    const signals = new EventEmitter();
    const exits: number[] = [];
    closeOnSignals(app, { timeoutMs: 5000, exit: (c) => exits.push(c), signals });
    const inFlight = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await started;
    signals.emit('SIGTERM');
    await sleep(50);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    const t0 = Date.now();
    for (let i = 0; i < 200 && !exits.length; i++) await sleep(50);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(exits).toEqual([0]);
  });

  it('exits 1 at the deadline when work does not finish', async () => {
    const { app, url, started } = await slowServer(3000);
    const signals = new EventEmitter();
    const exits: number[] = [];
    closeOnSignals(app, { timeoutMs: 300, exit: (c) => exits.push(c), signals });
    const hung = fetch(`${url}/slow`).catch(() => undefined);
    await started;
    const t0 = Date.now();
    signals.emit('SIGINT');
    for (let i = 0; i < 40 && !exits.length; i++) await sleep(25);
    expect(exits).toEqual([1]);
    expect(Date.now() - t0).toBeLessThan(1000);
    await hung;
  });

  it('exits 1 at once on a second signal', async () => {
    const { app, url, started } = await slowServer(1500);
    const signals = new EventEmitter();
    const exits: number[] = [];
    closeOnSignals(app, { timeoutMs: 10_000, exit: (c) => exits.push(c), signals, repeatMs: 100 });
    const pending = fetch(`${url}/slow`);
    await started;
    signals.emit('SIGTERM');
    await sleep(200);
    expect(exits).toEqual([]);
    signals.emit('SIGTERM');
    expect(exits).toEqual([1]);
    await pending;
  });

  it('takes the same signal repeated at once (Ctrl-C reaching npm start and the server) as one stop, and drains', async () => {
    const { app, url, started } = await slowServer(400);
    const signals = new EventEmitter();
    const exits: number[] = [];
    closeOnSignals(app, { timeoutMs: 5000, exit: (c) => exits.push(c), signals });
    const inFlight = fetch(`${url}/slow`).then((r) => r.status);
    await started;
    signals.emit('SIGINT');
    signals.emit('SIGINT');
    signals.emit('SIGINT');
    expect(await inFlight).toBe(200);
    for (let i = 0; i < 100 && !exits.length; i++) await sleep(50);
    expect(exits).toEqual([0]);
  });

  it('finishes the job in hand before the database closes, and is not ready meanwhile', async () => {
    const t = await createTestApp({ env: readEnv({ SHUTDOWN_TIMEOUT_MS: '20000' }) });
    const signals = new EventEmitter();
    const exits: number[] = [];
    let finished = false;
    let readyDuring: boolean | null = null;
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    await jobsOf(t.app).work<{ n: number }>(
      'shutdown-probe',
      async () => {
        started();
        await sleep(800);
        readyDuring = (await t.app.ops.readiness()).ok;
        finished = true;
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobsOf(t.app).send('shutdown-probe', { n: 1 });
    await begun;
    const { shutdown } = closeOnSignals(t.app, { timeoutMs: 20_000, exit: (c) => exits.push(c), signals });
    await shutdown('test');
    expect(finished).toBe(true);
    expect(readyDuring).toBe(false);
    expect(exits).toEqual([0]);
    await t.close().catch(() => undefined);
  }, 120_000);
});
