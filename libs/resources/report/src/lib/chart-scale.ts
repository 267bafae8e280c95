/**
 * The value axis: ticks from 0 at a round step (1, 2 or 5 times a power of ten), about `count`
 * intervals, the last one at or above `max`. An empty chart (max 0) still gets an axis of 0 to 1.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  // rounding keeps 0.1 + 0.2 style sums off the labels
  for (let t = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** Every how many points the category axis writes a label, so labels (~56 px each) do not overlap. */
export function tickStride(points: number, plotWidth: number, labelWidth = 56): number {
  if (points <= 0) return 1;
  return Math.max(1, Math.ceil((points * labelWidth) / Math.max(1, plotWidth)));
}
