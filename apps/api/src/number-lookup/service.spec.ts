import { createTestApp, type TestApp } from '../testing/test-app';
import type { NumberLookupProvider, ProviderAnswer } from './provider';
import { NumberLookupService, type LookupSettings } from './service';

// The lookup service below the pipeline: one provider call for a number asked twice at once, a timeout that holds
// even against a provider deaf to its signal, the provider's batch size, and the lifetimes of what it keeps.
describe('number lookup service', () => {
  let t: TestApp;
  let clock = Date.parse('2026-03-02T10:00:00Z');
  const settings: LookupSettings = {
    timeoutMs: 100,
    ttlSeconds: 3600,
    unknownTtlSeconds: 60,
    cacheSize: 100,
    costMicros: 500,
    now: () => clock,
  };
  const quiet = { warn: () => undefined } as never;

  /** A provider that answers after `ms` (or never), counting calls and the numbers of each. */
  const provider = (ms: number | null, answer: (n: string) => ProviderAnswer, maxBatch = 10) => {
    const calls: string[][] = [];
    const p: NumberLookupProvider & { calls: string[][] } = {
      name: 'fake',
      maxBatch,
      calls,
      async lookup(numbers) {
        calls.push([...numbers]);
        // deaf to its signal on purpose: the service must not wait for it
        if (ms === null) await new Promise(() => undefined);
        await new Promise((r) => setTimeout(r, ms ?? 0));
        return numbers.map(answer);
      },
    };
    return p;
  };
  const found = (): ProviderAnswer => ({
    status: 'found',
    mcc: '262',
    mnc: '02',
    network_name: 'Vodafone',
    ported: false,
    line_type: 'mobile',
  });

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => t.close());

  it('makes one provider call for a number asked twice at once; the second asker gets it as cached', async () => {
    const p = provider(30, found);
    const s = new NumberLookupService(t.app.db, p, settings, quiet);
    const [a, b] = await Promise.all([s.lookup(['+4915200000001']), s.lookup(['+4915200000001'])]);
    expect(p.calls).toHaveLength(1);
    expect([a.get('+4915200000001')?.status, b.get('+4915200000001')?.status]).toEqual(['found', 'found']);
    const sources = [a, b].map((m) => (m.get('+4915200000001') as { source: string }).source).sort();
    expect(sources).toEqual(['cache', 'provider']);
    // what the pipeline reads beside a send's other facts: kept answers only, never a provider call
    expect((await s.cached(['+4915200000001'])).get('+4915200000001')).toMatchObject({ source: 'cache' });
    expect((await s.cached(['+4915200000099'])).size).toBe(0);
    expect(p.calls).toHaveLength(1);
  });

  it('fails by timeout when the provider does not answer, even one that ignores its signal; nothing is kept', async () => {
    const p = provider(null, found);
    const s = new NumberLookupService(t.app.db, p, settings, quiet);
    const started = Date.now();
    const out = await s.lookup(['+4915200000002']);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(out.get('+4915200000002')).toMatchObject({ status: 'failed', error: 'timeout' });
    const kept = await t.app.db
      .selectFrom('number_lookups')
      .selectAll()
      .where('number', '=', '+4915200000002')
      .execute();
    expect(kept).toEqual([]);
  });

  it("splits a batch into calls of the provider's size, asked at once", async () => {
    const p = provider(0, found, 3);
    const s = new NumberLookupService(t.app.db, p, settings, quiet);
    const numbers = Array.from({ length: 7 }, (_, i) => `+491520000010${i}`);
    const out = await s.lookup(numbers);
    expect(p.calls.map((c) => c.length)).toEqual([3, 3, 1]);
    expect([...out.values()].every((o) => o.status === 'found')).toBe(true);
    expect(s.stats).toMatchObject({ numbers: 7, providerCalls: 3, providerNumbers: 7 });
  });

  it('keeps a number the provider does not know for its own shorter lifetime', async () => {
    const p = provider(0, () => ({ status: 'unknown' }));
    const s = new NumberLookupService(t.app.db, p, settings, quiet);
    await s.lookup(['+4915200000003']);
    clock += 30_000;
    expect((await s.lookup(['+4915200000003'])).get('+4915200000003')).toMatchObject({ source: 'cache' });
    clock += 60_000;
    s.forgetMemory();
    expect((await s.lookup(['+4915200000003'])).get('+4915200000003')).toMatchObject({ source: 'provider' });
    expect(p.calls).toHaveLength(2);
  });
});
