import { HttpLookupProvider, readResult } from './http-provider';
import { Lru } from './lru';
import { LOOKUP_MAGIC, LookupSimulator, simulatedAnswer } from './simulator';

// The built-in HLR/MNP simulator answers like a provider, from the number alone (docs/number-lookup.md lists what
// it does); the HTTP adapter reads a provider's JSON defensively; the memory cache drops the least recently used.
describe('lookup simulator', () => {
  it('answers the same number the same way: its range network, ported numbers on the next one', () => {
    expect(simulatedAnswer('+4915112340012')).toEqual({
      status: 'found',
      mcc: '262',
      mnc: '01',
      network_name: 'Telekom',
      ported: false,
      line_type: 'mobile',
    });
    expect(simulatedAnswer('+4915112340077')).toMatchObject({ mcc: '262', mnc: '02', ported: true });
    expect(simulatedAnswer('+447430000077')).toMatchObject({ mcc: '234', mnc: '10', ported: true });
    expect(simulatedAnswer('+4917912345678')).toEqual(simulatedAnswer('+4917912345678'));
  });

  it('tells landlines and VoIP apart (no mobile network), spreads +1 over its carriers, knows no other country', () => {
    expect(simulatedAnswer('+4930123456789')).toMatchObject({ status: 'found', mcc: null, line_type: 'landline' });
    expect(simulatedAnswer('+4932123456789')).toMatchObject({ line_type: 'voip' });
    expect(simulatedAnswer('+14165550123')).toMatchObject({ mcc: '302', line_type: 'mobile' });
    const us = new Set(
      Array.from({ length: 30 }, (_, i) => (simulatedAnswer(`+1212555${String(1000 + i)}`) as { mnc: string }).mnc),
    );
    expect([...us].sort()).toEqual(['260', '410', '480']);
    expect(simulatedAnswer('+18005550100')).toEqual({ status: 'unknown' });
    expect(simulatedAnswer('+33612345678')).toEqual({ status: 'unknown' });
  });

  it('fails on its magic numbers: unknown, a per-number error, a whole request down or never answered', async () => {
    const sim = new LookupSimulator({ latencyMs: 0, failureRate: 0 });
    const signal = new AbortController().signal;
    expect(await sim.lookup([`+49151${LOOKUP_MAGIC.unknown.padStart(8, '1')}`, '+4915212345678'], signal)).toEqual([
      { status: 'unknown' },
      expect.objectContaining({ status: 'found', mnc: '02' }),
    ]);
    expect((await sim.lookup([`+4915112${LOOKUP_MAGIC.error}`], signal))[0]).toMatchObject({ status: 'error' });
    await expect(sim.lookup(['+4915212345678', `+4915112${LOOKUP_MAGIC.down}`], signal)).rejects.toThrow(/503/);
    const ctl = new AbortController();
    const hung = sim.lookup([`+4915112${LOOKUP_MAGIC.timeout}`], ctl.signal);
    setTimeout(() => ctl.abort(new Error('gave up')), 20);
    await expect(hung).rejects.toThrow('gave up');
    expect(sim.requests).toBe(4);
  });

  it('answers errors at its configured failure rate', async () => {
    let i = 0;
    const sim = new LookupSimulator({ latencyMs: 0, failureRate: 0.5, random: () => (i++ % 2 ? 0.9 : 0.1) });
    const answers = await sim.lookup(['+4915212345671', '+4915212345672'], new AbortController().signal);
    expect(answers.map((a) => a.status)).toEqual(['error', 'found']);
  });
});

describe('HTTP lookup provider', () => {
  it('posts the numbers with the key and reads each answer by its number', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(
        JSON.stringify({
          results: [
            { number: '+2', status: 'unknown' },
            {
              number: '+1',
              status: 'found',
              mcc: '262',
              mnc: '02',
              network: 'Vodafone',
              ported: true,
              line_type: 'mobile',
            },
          ],
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const p = new HttpLookupProvider({ url: 'https://hlr.example.com/lookup', apiKey: 'k', fetch: fake });
    expect(await p.lookup(['+1', '+2', '+3'], new AbortController().signal)).toEqual([
      { status: 'found', mcc: '262', mnc: '02', network_name: 'Vodafone', ported: true, line_type: 'mobile' },
      { status: 'unknown' },
      { status: 'error', message: 'the provider gave no result for the number' },
    ]);
    expect(JSON.parse(String(seen[0].init.body))).toEqual({ numbers: ['+1', '+2', '+3'] });
    expect((seen[0].init.headers as Record<string, string>).authorization).toBe('Bearer k');
  });

  it('fails the whole call on an HTTP error, and a malformed answer for its number', async () => {
    const down = (async () => new Response('no', { status: 502 })) as unknown as typeof fetch;
    await expect(
      new HttpLookupProvider({ url: 'https://x.test', fetch: down }).lookup(['+1'], new AbortController().signal),
    ).rejects.toThrow('HTTP 502');
    expect(readResult({ status: 'found', mcc: '26x', mnc: '02' })).toMatchObject({ status: 'error' });
    expect(readResult({ status: 'found', line_type: 'pager' })).toMatchObject({ line_type: 'unknown', mcc: null });
  });
});

describe('memory cache', () => {
  it('drops the least recently used entry past its size, and keeps none at size 0', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    const none = new Lru<string, number>(0);
    none.set('a', 1);
    expect(none.size).toBe(0);
  });
});
