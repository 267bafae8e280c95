// One range's rolling window of numbers, kept so that looksPumped's question is answered without sorting.
// A single send judges its range after every message, and sorting the window's (up to 1,000) numbers each
// time cost about 0.2 ms a message; here each message moves the count of close gaps by its two neighbours.

/** The adjacent-numbers thresholds (PumpingThresholds' fields of these names). */
export interface AdjacentThresholds {
  minMessages: number;
  adjacentGap: number;
  adjacentPercent: number;
}

/** The first index in `sorted` whose value is not below `v`. */
function lowerBound(sorted: bigint[], v: bigint): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class RangeWindow {
  /** the numbers in arrival order, with when each arrived (the oldest first) */
  readonly at: number[] = [];
  private n: bigint[] = [];
  /** the distinct numbers, ascending, and how often each is in the window */
  private sorted: bigint[] = [];
  private times = new Map<bigint, number>();
  /** neighbouring distinct numbers at most `gap` apart */
  private close = 0;
  private gap = -1n;
  tripped = false;

  get size(): number {
    return this.at.length;
  }

  push(at: number, number: bigint, gap: bigint): void {
    this.useGap(gap);
    this.at.push(at);
    this.n.push(number);
    const seen = this.times.get(number);
    this.times.set(number, (seen ?? 0) + 1);
    if (seen) return;
    const i = lowerBound(this.sorted, number);
    const before = i > 0 ? this.sorted[i - 1] : null;
    const after = i < this.sorted.length ? this.sorted[i] : null;
    if (before !== null && after !== null && after - before <= gap) this.close--;
    if (before !== null && number - before <= gap) this.close++;
    if (after !== null && after - number <= gap) this.close++;
    this.sorted.splice(i, 0, number);
  }

  /** Drops the `count` oldest numbers. */
  dropOldest(count: number): void {
    const gone = this.n.splice(0, count);
    this.at.splice(0, count);
    for (const number of gone) {
      const left = (this.times.get(number) as number) - 1;
      if (left) {
        this.times.set(number, left);
        continue;
      }
      this.times.delete(number);
      const i = lowerBound(this.sorted, number);
      const before = i > 0 ? this.sorted[i - 1] : null;
      const after = i + 1 < this.sorted.length ? this.sorted[i + 1] : null;
      if (before !== null && number - before <= this.gap) this.close--;
      if (after !== null && after - number <= this.gap) this.close--;
      if (before !== null && after !== null && after - before <= this.gap) this.close++;
      this.sorted.splice(i, 1);
    }
  }

  /** looksPumped(every number in the window, t), from the counts kept. */
  pumped(t: AdjacentThresholds): boolean {
    this.useGap(BigInt(t.adjacentGap));
    if (this.n.length < t.minMessages) return false;
    const distinct = this.sorted.length;
    if (distinct < 2) return false;
    return this.close * 100 >= t.adjacentPercent * (distinct - 1);
  }

  /** The numbers in arrival order (tests compare pumped() with looksPumped over them). */
  numbers(): bigint[] {
    return [...this.n];
  }

  /** A changed gap setting counts the close pairs again, once. */
  private useGap(gap: bigint): void {
    if (gap === this.gap) return;
    this.gap = gap;
    this.close = 0;
    for (let i = 1; i < this.sorted.length; i++) if (this.sorted[i] - this.sorted[i - 1] <= gap) this.close++;
  }
}
