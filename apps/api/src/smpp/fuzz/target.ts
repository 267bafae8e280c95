// The server the SMPP fuzzer attacks, in a process of its own (forked by spawn-target.ts): the whole app on a
// fresh database (a copy of the test run's template inside jest, PGlite or a DATABASE_URL schema otherwise), HTTP
// and SMPP on free ports. A crash ends this process, not the fuzzer: the parent sees the exit and its stderr.
// The two companies' roles: tenants.ts.
import type { AddressInfo } from 'node:net';
import { createTestApp, login } from '../../testing/test-app';
import { smppOf } from '..';
import { companyNamed, fundCompany } from '../../testing/fixtures';
import { API_PREFIX } from '@smsc/shared-contract';
import { ATTACKER_ACCOUNT, PROBE_ACCOUNT, STORMED_ACCOUNT } from './tenants';

export interface TargetReady {
  ready: true;
  httpPort: number;
  smppPort: number;
  /** a bearer token of Acme's admin, for GET /home */
  token: string;
  /** the system_ids the server formed for the accounts of tenants.ts */
  systemIds: { probe: string; attacker: string; stormed: string };
  pid: number;
}

async function main() {
  const t = await createTestApp({
    demoTraffic: true,
    // the probes' submits are delivered at once; the figures are the listener's, not a made-up latency
    messaging: { simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true },
    logger: { level: 'error' },
    logStream: process.stderr,
    passwordHashCost: process.env.SMPP_FUZZ_HASH_COST === 'owasp' ? 'owasp' : 'fast',
  });
  const { app } = t;
  await fundCompany(app, await companyNamed(app, 'Acme'), 1_000_000_000_000n, 'adjustment');
  const account = async (email: string, body: object): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/smpp_account`,
      headers: { authorization: `Bearer ${await login(app, email)}` },
      payload: body,
    });
    if (res.statusCode !== 201) throw new Error(`SMPP account for ${email}: ${res.statusCode} ${res.body}`);
    return res.json().smpp_account.system_id;
  };
  const systemIds = {
    probe: await account('acme-admin@example.com', { ...PROBE_ACCOUNT, max_binds: 8, tps: 1000 }),
    attacker: await account('globex-admin@example.com', { ...ATTACKER_ACCOUNT, max_binds: 20, tps: 100 }),
    stormed: await account('globex-admin@example.com', { ...STORMED_ACCOUNT, max_binds: 2, tps: 10 }),
  };
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ready: TargetReady = {
    ready: true,
    httpPort: (app.server.address() as AddressInfo).port,
    smppPort: smppOf(app).port as number,
    token: await login(app, 'acme-admin@example.com'),
    systemIds,
    pid: process.pid,
  };
  process.send?.(ready);
  // the parent reads the memory the attacks cost (a slow reader's answers piling up) and the listener's figures
  const meter = setInterval(
    () => process.send?.({ rss: process.memoryUsage().rss, smpp: app.ops.sources.smpp?.() ?? null }),
    500,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(meter);
    await t.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('message', (m: { stop?: true }) => m.stop && void stop());
  // the fuzzer went away without a word: no orphan server
  process.on('disconnect', () => void stop());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
