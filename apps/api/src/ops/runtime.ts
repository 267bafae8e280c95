// The process's own figures for /metrics: event-loop delay, heap, garbage collection, CPU and open file
// descriptors. A node that answers slowly shows why here (a blocked loop, GC pressure, a descriptor leak)
// before its users notice.
import { readdirSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { block, type Sample } from './prometheus';

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

const one = (value: number, labels: Record<string, string> = {}): Sample => ({ labels, value });

/** Open descriptors of this process (Linux); null where /proc is not there. */
function openFds(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

export class RuntimeMetrics {
  private readonly loop: ReturnType<typeof monitorEventLoopDelay>;
  private readonly gc = new Map<string, { count: number; seconds: number }>();
  private readonly observer: PerformanceObserver;

  constructor() {
    // 10 ms sampling: a loop blocked for less than that is not what this is for
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const detail = (e as PerformanceEntry & { detail?: { kind?: number } }).detail;
        const kind = GC_KINDS[detail?.kind ?? -1] ?? 'other';
        const g = this.gc.get(kind) ?? { count: 0, seconds: 0 };
        g.count++;
        g.seconds += e.duration / 1000;
        this.gc.set(kind, g);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop(): void {
    this.loop.disable();
    this.observer.disconnect();
  }

  render(): string[] {
    const mem = process.memoryUsage();
    const heap = getHeapStatistics();
    const cpu = process.cpuUsage();
    const fds = openFds();
    const ns = (n: number) => (Number.isFinite(n) ? n / 1e9 : 0);
    const gc = [...this.gc];
    // per scrape, not since start: a loop blocked now must show now, not be averaged into hours of calm
    const loopDelay = [
      one(ns(this.loop.percentile(50)), { quantile: '0.5' }),
      one(ns(this.loop.percentile(99)), { quantile: '0.99' }),
      one(ns(this.loop.max), { quantile: '1' }),
    ];
    this.loop.reset();
    return [
      block(
        'smsc_event_loop_delay_seconds',
        'event-loop delay of this node since the previous scrape (10 ms sampling)',
        'gauge',
        loopDelay,
      ),
      block('smsc_process_cpu_seconds_total', 'CPU time of this node', 'counter', [
        one(cpu.user / 1e6, { mode: 'user' }),
        one(cpu.system / 1e6, { mode: 'system' }),
      ]),
      block('smsc_heap_bytes', 'V8 heap of this node', 'gauge', [
        one(mem.heapUsed, { kind: 'used' }),
        one(mem.heapTotal, { kind: 'total' }),
        one(heap.heap_size_limit, { kind: 'limit' }),
        one(mem.external, { kind: 'external' }),
      ]),
      block(
        'smsc_gc_runs_total',
        'garbage collections of this node by kind',
        'counter',
        gc.map(([kind, g]) => one(g.count, { kind })),
      ),
      block(
        'smsc_gc_seconds_total',
        'time spent in garbage collection by kind',
        'counter',
        gc.map(([kind, g]) => one(g.seconds, { kind })),
      ),
      ...(fds === null ? [] : [block('smsc_open_fds', 'open file descriptors of this node', 'gauge', [one(fds)])]),
    ];
  }
}
