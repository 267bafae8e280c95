// The Prometheus text format (version 0.0.4) for the few kinds we export: counters and histograms kept in
// this process, and gauges read at scrape time. Small enough to own rather than add prom-client: most of
// our figures are database reads per scrape (shared by every node), which a client library does not help with.

export type Labels = Record<string, string>;

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (l: Labels) => {
  const keys = Object.keys(l);
  return keys.length ? `{${keys.map((k) => `${k}="${escape(l[k])}"`).join(',')}}` : '';
};
const keyOf = (l: Labels) => JSON.stringify(Object.entries(l).sort(([a], [b]) => a.localeCompare(b)));
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

export interface Sample {
  labels: Labels;
  value: number;
}

export class Counter {
  private values = new Map<string, Sample>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1) {
    const k = keyOf(labels);
    const s = this.values.get(k);
    if (s) s.value += by;
    else this.values.set(k, { labels, value: by });
  }
  samples(): Sample[] {
    return [...this.values.values()];
  }
  render(): string {
    return block(this.name, this.help, 'counter', this.samples());
  }
}

export interface HistogramSeries {
  labels: Labels;
  buckets: number[];
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram {
  private series = new Map<string, HistogramSeries>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: number[],
  ) {}
  observe(value: number, labels: Labels = {}) {
    const k = keyOf(labels);
    let s = this.series.get(k);
    if (!s) {
      s = { labels, buckets: this.buckets, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(k, s);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) s.counts[i] += 1;
    s.sum += value;
    s.count += 1;
  }
  all(): HistogramSeries[] {
    return [...this.series.values()];
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      s.buckets.forEach((le, i) =>
        lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(le) })} ${s.counts[i]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines.join('\n');
  }
}

/** A gauge (or a counter read elsewhere) as text: HELP, TYPE and one line per sample. */
export function block(name: string, help: string, type: 'gauge' | 'counter', samples: Sample[]): string {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...samples.map((s) => `${name}${labelText(s.labels)} ${num(s.value)}`),
  ].join('\n');
}

/** A quantile estimate from a histogram's buckets (linear inside the bucket, as Prometheus' histogram_quantile). */
export function quantile(h: Pick<HistogramSeries, 'buckets' | 'counts' | 'count'>, q: number): number | null {
  if (!h.count) return null;
  const rank = q * h.count;
  let prevCount = 0;
  let prevLe = 0;
  for (let i = 0; i < h.buckets.length; i++) {
    if (h.counts[i] >= rank) {
      const inBucket = h.counts[i] - prevCount;
      return inBucket ? prevLe + ((h.buckets[i] - prevLe) * (rank - prevCount)) / inBucket : h.buckets[i];
    }
    prevCount = h.counts[i];
    prevLe = h.buckets[i];
  }
  return h.buckets[h.buckets.length - 1];
}
