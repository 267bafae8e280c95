// The route quality engine: plain functions over plain data, the clock passed in (docs/delivery-quality.md). A
// route here is a vendor product carrying messages to one destination country. Its figures over a window come
// from the message rollups (rollup.ts: counts per second of sending); step() says whether its state moves.

/** Upper edges (seconds) of the receipt latency bins; a last bin holds what took longer. */
export const LATENCY_EDGES = [1, 2, 5, 10, 30, 60, 120, 300, 900, 3600] as const;
export const LATENCY_BINS = LATENCY_EDGES.length + 1;

/**
 * What the rollups hold for a route over a window, counted by when each message was handed to the vendor:
 * `sent` messages, `receipts` of them with a final receipt, `delivered` of those. `sentDue`/`receiptsDue` are
 * the same counts for the part of the window whose receipt wait is over: a message sent then without a
 * receipt by now is judged not delivered.
 */
export interface WindowSums {
  sent: number;
  receipts: number;
  delivered: number;
  sentDue: number;
  receiptsDue: number;
  /** receipts per latency bin (LATENCY_EDGES) */
  latency: number[];
}

export interface Figures {
  sent: number;
  receipts: number;
  delivered: number;
  /** messages whose outcome is known: a final receipt, or no receipt within the wait (not delivered) */
  judged: number;
  /** receipts / sent; null without traffic */
  receiptRatio: number | null;
  /** delivered / judged; null when nothing is judged yet */
  deliveredRatio: number | null;
  /** receipt latency quantiles (seconds) estimated from the bins; null without receipts */
  p50: number | null;
  p95: number | null;
}

export const EMPTY_SUMS: WindowSums = {
  sent: 0,
  receipts: 0,
  delivered: 0,
  sentDue: 0,
  receiptsDue: 0,
  latency: Array<number>(LATENCY_BINS).fill(0),
};

/** Adds window sums (a route's networks into the route). */
export function addSums(a: WindowSums, b: WindowSums): WindowSums {
  return {
    sent: a.sent + b.sent,
    receipts: a.receipts + b.receipts,
    delivered: a.delivered + b.delivered,
    sentDue: a.sentDue + b.sentDue,
    receiptsDue: a.receiptsDue + b.receiptsDue,
    latency: a.latency.map((n, i) => n + (b.latency[i] ?? 0)),
  };
}

/** A quantile of the latency bins, linear inside a bin (as Prometheus' histogram_quantile); the last bin answers its floor. */
export function latencyQuantile(bins: number[], q: number): number | null {
  const total = bins.reduce((n, c) => n + c, 0);
  if (!total) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < bins.length; i++) {
    const lower = i === 0 ? 0 : LATENCY_EDGES[i - 1];
    if (i === LATENCY_EDGES.length) return lower;
    if (below + bins[i] >= rank && bins[i] > 0) return lower + ((LATENCY_EDGES[i] - lower) * (rank - below)) / bins[i];
    below += bins[i];
  }
  return LATENCY_EDGES[LATENCY_EDGES.length - 1];
}

export function figuresOf(s: WindowSums): Figures {
  // receipts of messages still within their wait count; a message past it counts whether a receipt came or not
  const judged = Math.max(s.sentDue, s.receiptsDue) + (s.receipts - s.receiptsDue);
  return {
    sent: s.sent,
    receipts: s.receipts,
    delivered: s.delivered,
    judged,
    receiptRatio: s.sent ? Math.min(1, s.receipts / s.sent) : null,
    deliveredRatio: judged ? s.delivered / judged : null,
    p50: latencyQuantile(s.latency, 0.5),
    p95: latencyQuantile(s.latency, 0.95),
  };
}

export interface QualitySettings {
  /** the window the decision is taken over (5 minutes) */
  windowMs: number;
  /** a message without a final receipt this long after it was sent is judged not delivered */
  receiptWaitMs: number;
  /** fewer judged messages than this in the window decide nothing */
  minJudged: number;
  /** the delivered ratio a route must keep when it has no floor of its own (0.97) */
  defaultFloor: number;
  /** a demoted route returns once its window has shown no shortfall for this long */
  probationMs: number;
}

/** auto: the engine decides; on: never demoted (always on); off: held demoted by the admin. */
export type Pin = 'auto' | 'on' | 'off';
export type RouteStateName = 'active' | 'demoted';

export interface RouteState {
  state: RouteStateName;
  pin: Pin;
  /** the route's own floor (0–1), null: the default */
  floor: number | null;
  /** when the state last moved (ms) */
  stateSince: number;
  /** demoted: since when its window has shown no shortfall (ms), null while it still does */
  clearSince: number | null;
}

/** under: judged enough and below the floor; over: judged enough and not; unknown: too few judged to say. */
export type Verdict = 'under' | 'over' | 'unknown';

export function verdictOf(f: Figures, floor: number, minJudged: number): Verdict {
  if (f.judged < Math.max(1, minJudged) || f.deliveredRatio === null) return 'unknown';
  return f.deliveredRatio < floor ? 'under' : 'over';
}

export interface Change {
  to: RouteStateName;
  /** why, in words for the event list and the log */
  reason: string;
}

const pct = (r: number) => `${(Math.round(r * 1000) / 10).toLocaleString('en')} %`;
const span = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;

/**
 * One evaluation of one route at `now`: its next state and the change, if any. Pure: the same route, figures,
 * time and settings always answer the same.
 */
export function step(
  route: RouteState,
  f: Figures,
  now: number,
  s: QualitySettings,
): { next: RouteState; change: Change | null } {
  const floor = route.floor ?? s.defaultFloor;
  const move = (to: RouteStateName, reason: string) => ({
    next: { ...route, state: to, stateSince: now, clearSince: null },
    change: { to, reason },
  });
  if (route.pin === 'on')
    return route.state === 'demoted'
      ? move('active', 'pinned always on by an admin')
      : { next: { ...route, clearSince: null }, change: null };
  if (route.pin === 'off')
    return route.state === 'active'
      ? move('demoted', 'held off by an admin')
      : { next: { ...route, clearSince: null }, change: null };

  const verdict = verdictOf(f, floor, s.minJudged);
  if (route.state === 'active') {
    if (verdict !== 'under') return { next: route, change: null };
    return move(
      'demoted',
      `delivered ${pct(f.deliveredRatio as number)} of ${f.judged} judged messages in ${span(s.windowMs)}, under its floor of ${pct(floor)}`,
    );
  }
  // demoted: the probation runs while the window shows no shortfall, and starts again when it does
  if (verdict === 'under') return { next: { ...route, clearSince: null }, change: null };
  const clearSince = route.clearSince ?? now;
  if (now - clearSince >= s.probationMs)
    return move(
      'active',
      `${span(s.probationMs)} of probation without falling under its floor of ${pct(floor)}${
        verdict === 'over' ? ` (delivered ${pct(f.deliveredRatio as number)} of ${f.judged})` : ''
      }`,
    );
  return { next: { ...route, clearSince }, change: null };
}
