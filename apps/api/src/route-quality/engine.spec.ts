import {
  addSums,
  EMPTY_SUMS,
  figuresOf,
  LATENCY_BINS,
  latencyQuantile,
  step,
  verdictOf,
  type QualitySettings,
  type RouteState,
  type WindowSums,
} from './engine';

const MIN = 60_000;
const SETTINGS: QualitySettings = {
  windowMs: 5 * MIN,
  receiptWaitMs: 2 * MIN,
  minJudged: 20,
  defaultFloor: 0.97,
  probationMs: 15 * MIN,
};
const T0 = Date.parse('2026-03-01T12:00:00Z');

/** `n` messages sent and judged (past their wait), `delivered` of them delivered, each receipt within a second. */
const judged = (n: number, delivered: number): WindowSums => {
  const latency = Array<number>(LATENCY_BINS).fill(0);
  latency[0] = n;
  return { sent: n, receipts: n, delivered, sentDue: n, receiptsDue: n, latency };
};
const active: RouteState = { state: 'active', pin: 'auto', floor: null, stateSince: T0 - 3_600_000, clearSince: null };

/** Runs the engine at each time with the figures the clock finds then; answers the states it went through. */
function run(start: RouteState, ticks: [at: number, sums: WindowSums][]) {
  let route = start;
  const seen: string[] = [];
  for (const [at, sums] of ticks) {
    const { next, change } = step(route, figuresOf(sums), at, SETTINGS);
    if (change) seen.push(`${(at - T0) / 1000}s ${change.to}`);
    route = next;
  }
  return { route, seen };
}

describe('route quality figures', () => {
  it('judges a message by its receipt, or by the receipt wait running out without one', () => {
    // 100 sent: 60 past their wait (50 with a receipt, 45 of them delivered), 40 recent (30 with a receipt, all delivered)
    const f = figuresOf({
      sent: 100,
      receipts: 80,
      delivered: 75,
      sentDue: 60,
      receiptsDue: 50,
      latency: EMPTY_SUMS.latency,
    });
    expect(f).toMatchObject({ sent: 100, receipts: 80, delivered: 75, judged: 90, receiptRatio: 0.8 });
    expect(f.deliveredRatio).toBeCloseTo(75 / 90, 10);
    expect(figuresOf(EMPTY_SUMS)).toMatchObject({ judged: 0, receiptRatio: null, deliveredRatio: null, p50: null });
  });

  it('estimates latency quantiles from the bins (linear inside a bin)', () => {
    const bins = Array<number>(LATENCY_BINS).fill(0);
    bins[0] = 50; // ≤ 1 s
    bins[2] = 50; // 2–5 s
    expect(latencyQuantile(bins, 0.5)).toBe(1);
    expect(latencyQuantile(bins, 0.95)).toBeCloseTo(2 + 3 * 0.9, 10);
    const slow = Array<number>(LATENCY_BINS).fill(0);
    slow[LATENCY_BINS - 1] = 3;
    expect(latencyQuantile(slow, 0.5)).toBe(3600);
    expect(latencyQuantile(EMPTY_SUMS.latency, 0.5)).toBeNull();
  });

  it('adds a route’s networks into the route', () => {
    expect(figuresOf(addSums(judged(30, 30), judged(50, 40)))).toMatchObject({ judged: 80, delivered: 70 });
  });

  it('says nothing under the minimum of judged messages', () => {
    expect(verdictOf(figuresOf(judged(19, 0)), 0.97, 20)).toBe('unknown');
    expect(verdictOf(figuresOf(judged(20, 19)), 0.97, 20)).toBe('under');
    expect(verdictOf(figuresOf(judged(100, 97)), 0.97, 20)).toBe('over');
  });
});

describe('route quality steps (the clock passed in)', () => {
  it('demotes a route under its floor over enough judged messages, and names why', () => {
    const { next, change } = step(active, figuresOf(judged(80, 70)), T0, SETTINGS);
    expect(next).toMatchObject({ state: 'demoted', stateSince: T0, clearSince: null });
    expect(change).toEqual({
      to: 'demoted',
      reason: 'delivered 87.5 % of 80 judged messages in 5 min, under its floor of 97 %',
    });
    // the route's own floor, not the default
    expect(step({ ...active, floor: 0.85 }, figuresOf(judged(80, 70)), T0, SETTINGS).change).toBeNull();
    expect(step(active, figuresOf(judged(19, 0)), T0, SETTINGS).change).toBeNull();
  });

  it('promotes after the probation once the window shows no shortfall, restarting it while it does', () => {
    const bad = judged(80, 64);
    const quiet = EMPTY_SUMS; // demoted: no traffic reaches it
    const { route, seen } = run(active, [
      [T0, bad],
      // the bad messages are still in the window for a while: the probation has not started
      [T0 + 2 * MIN, bad],
      [T0 + 5 * MIN, quiet],
      [T0 + 10 * MIN, quiet],
      [T0 + 19 * MIN, quiet],
      [T0 + 20 * MIN, quiet],
    ]);
    expect(seen).toEqual(['0s demoted', '1200s active']);
    expect(route).toMatchObject({ state: 'active', stateSince: T0 + 20 * MIN, clearSince: null });
  });

  it('a shortfall during the probation (last-resort traffic) starts it again', () => {
    const { seen } = run(active, [
      [T0, judged(80, 64)],
      [T0 + 5 * MIN, EMPTY_SUMS],
      [T0 + 12 * MIN, judged(25, 20)],
      [T0 + 20 * MIN, EMPTY_SUMS],
      [T0 + 34 * MIN, EMPTY_SUMS],
      [T0 + 35 * MIN, judged(40, 40)],
    ]);
    expect(seen).toEqual(['0s demoted', '2100s active']);
  });

  it('pinned on: never demoted, and a demoted route comes back at once', () => {
    const pinned: RouteState = { ...active, pin: 'on' };
    expect(step(pinned, figuresOf(judged(100, 10)), T0, SETTINGS).change).toBeNull();
    const back = step({ ...pinned, state: 'demoted', clearSince: null }, figuresOf(judged(100, 10)), T0, SETTINGS);
    expect(back.change).toEqual({ to: 'active', reason: 'pinned always on by an admin' });
  });

  it('held off: demoted whatever its figures, and stays so', () => {
    const held: RouteState = { ...active, pin: 'off' };
    const first = step(held, figuresOf(judged(100, 100)), T0, SETTINGS);
    expect(first.change).toEqual({ to: 'demoted', reason: 'held off by an admin' });
    expect(step(first.next, figuresOf(EMPTY_SUMS), T0 + 60 * MIN, SETTINGS).change).toBeNull();
  });

  it('is pure: the same route, figures and time answer the same', () => {
    const f = figuresOf(judged(80, 70));
    expect(step(active, f, T0, SETTINGS)).toEqual(step(active, f, T0, SETTINGS));
  });
});
