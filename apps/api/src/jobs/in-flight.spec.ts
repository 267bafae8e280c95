import { inFlight } from './in-flight';

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('inFlight', () => {
  it('is drained once the last statement has answered', async () => {
    const running = inFlight();
    let answered = 0;
    for (const ms of [20, 60, 40]) void running.run(() => later(ms).then(() => answered++));
    expect(running.count).toBe(3);
    expect(await running.drained(Date.now() + 2000)).toBe(true);
    expect(answered).toBe(3);
    expect(running.count).toBe(0);
  });

  it('waits for a job handed over when its fetch answers, as a stopped pg-boss worker does', async () => {
    const running = inFlight();
    let handled = false;
    // the fetch ends, and in the same turn its jobs go to the handler (a count of zero in between)
    void running.run(() => later(20)).then(() => running.run(() => later(50).then(() => (handled = true))));
    expect(await running.drained(Date.now() + 2000)).toBe(true);
    expect(handled).toBe(true);
  });

  it('gives up at the deadline and says so', async () => {
    const running = inFlight();
    void running.run(() => new Promise(() => undefined));
    const start = Date.now();
    expect(await running.drained(start + 100)).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(running.count).toBe(1);
  });
});
