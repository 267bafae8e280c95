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

/** Roughly how wide a label is drawn: digits and Latin text average ~0.62 em. */
export const labelPx = (text: string, fontPx = 12) => Math.ceil(text.length * fontPx * 0.62);

/**
 * The category axis's labels as drawn, '' where one is skipped: a label longer than two slots is cut
 * (with "…"; the tooltip and the table keep it whole), and then only every n-th is written so no two
 * overlap, however many points or however narrow the chart (issue 45: labels overlapped on every chart).
 */
export function axisLabels(labels: string[], plotWidth: number, fontPx = 12, gap = 8): string[] {
  if (!labels.length) return [];
  const slot = Math.max(1, plotWidth) / labels.length;
  const cap = Math.max(8, Math.floor((2 * slot - gap) / (fontPx * 0.62)));
  const cut = labels.map((l) => (l.length > cap ? `${l.slice(0, cap - 1)}…` : l));
  const widest = Math.max(...cut.map((l) => labelPx(l, fontPx))) + gap;
  const stride = Math.max(1, Math.ceil(widest / slot));
  return cut.map((l, i) => (i % stride === 0 ? l : ''));
}
