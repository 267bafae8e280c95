import { BindFailures, ConnectionCaps, HashSlots } from './limits';

describe('SMPP limits', () => {
  it('counts bind attempts in flight against the address: a burst gets the allowed number, not one each', () => {
    const f = new BindFailures(3, 60_000);
    const admitted = Array.from({ length: 10 }, () => f.begin('198.51.100.7')).filter(Boolean).length;
    expect(admitted).toBe(3);
    // another address is not affected
    expect(f.begin('198.51.100.8')).toBe(true);
  });

  it('frees an attempt that succeeded and keeps one that failed, for the window', () => {
    const f = new BindFailures(2, 1000);
    expect(f.begin('a', 0)).toBe(true);
    f.end('a', false, 0);
    expect(f.begin('a', 0)).toBe(true);
    f.end('a', true, 0);
    expect(f.begin('a', 10)).toBe(true);
    f.end('a', true, 10);
    expect(f.begin('a', 20)).toBe(false);
    // the window ends
    expect(f.begin('a', 1001)).toBe(true);
  });

  it('runs at most `concurrency` tasks at once, queues `queue` more and refuses the rest unrun', async () => {
    const slots = new HashSlots(2, 3);
    let running = 0;
    let most = 0;
    let ran = 0;
    const release: (() => void)[] = [];
    const task = () =>
      slots.run(async () => {
        running++;
        ran++;
        most = Math.max(most, running);
        await new Promise<void>((r) => release.push(r));
        running--;
        return true;
      });
    const results = Array.from({ length: 8 }, task);
    // 2 run, 3 wait, 3 are refused at once
    expect(await Promise.race([results[7], new Promise((r) => setTimeout(() => r('pending'), 50))])).toBeNull();
    while (ran < 5) {
      await new Promise((r) => setTimeout(r, 5));
      release.splice(0).forEach((r) => r());
    }
    release.splice(0).forEach((r) => r());
    const done = await Promise.all(results);
    expect(done.filter((d) => d === true)).toHaveLength(5);
    expect(done.filter((d) => d === null)).toHaveLength(3);
    expect(most).toBe(2);
  });

  it('caps connections in all and per address, and frees a place on release', () => {
    const caps = new ConnectionCaps(3, 2);
    expect(caps.admit('a')).toBeNull();
    expect(caps.admit('a')).toBeNull();
    expect(caps.admit('a')).toMatch(/from this address/);
    expect(caps.admit('b')).toBeNull();
    expect(caps.admit('c')).toMatch(/connections open/);
    caps.release('a');
    expect(caps.admit('c')).toBeNull();
    expect(caps.total).toBe(3);
  });
});
