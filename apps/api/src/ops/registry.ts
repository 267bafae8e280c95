import type { GatewayHealth, ReadyPart } from '@smsc/shared-contract';
import { Counter, Histogram } from './prometheus';
import { RuntimeMetrics } from './runtime';

/** A readiness check: resolves with a detail when the part works, throws (its message names the trouble) when not. */
export type Probe = () => Promise<string>;

/** What the domains tell the operations plugin about themselves (wired in ops/wiring.ts). */
export interface OpsSources {
  /** job queue figures: waiting and active jobs per queue, the oldest waiting job's creation */
  jobQueues?: () => Promise<{ queue: string; waiting: number; active: number; oldest: Date | null }[]>;
  /** the gateway's links and bind states */
  gateway?: () => Promise<GatewayHealth | undefined>;
  /** the SMPP window a Kannel link fills (null for the simulator) */
  window?: number | null;
  /** jobs waiting for a retry after a failure, and dead letters (failed every attempt), per queue */
  jobFailures?: () => Promise<{ queue: string; retrying: number; dead: number }[]>;
  /** the customer SMPP listener of this node: its connections and what its limits refused or closed */
  smpp?: () => SmppFigures;
  /** each route's quality state and its last evaluation's figures, and the changes so far (route-quality/) */
  routeQuality?: () => Promise<RouteQualityFigures>;
  /** the message retention passes, every node's (retention/) */
  retention?: () => Promise<RetentionFigures>;
}

/** What the retention passes did so far (the passes table: every node's). */
export interface RetentionFigures {
  byState: { state: string; passes: number; redacted: number; removed: number; archived: number }[];
  /** the last finished pass's duration, and when it finished */
  lastSeconds: number | null;
  lastFinished: Date | null;
}

/** One route (vendor product × destination country) as /metrics exports it. */
export interface RouteQualityMetric {
  vendor_product: string;
  vendor: string;
  country: string;
  state: 'active' | 'demoted';
  pin: 'auto' | 'on' | 'off';
  /** 0–1 */
  floor: number;
  judged: number;
  delivered_ratio: number | null;
  receipt_ratio: number | null;
  latency_p50: number | null;
  latency_p95: number | null;
  /** enough judged and under its floor (a pinned-on route stays active however low it falls) */
  under_floor: boolean;
}

export interface RouteQualityFigures {
  routes: RouteQualityMetric[];
  /** demotions, promotions, floor and pin changes so far (every node: the events table) */
  changes: { kind: string; n: number }[];
}

export interface SmppFigures {
  connections: number;
  binds: number;
  refusedConnections: number;
  faults: number;
  bindTimeouts: number;
  inactivityTimeouts: number;
  slowReaders: number;
  bindsThrottled: number;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RECEIPT_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600, 14400, 86400];

/** The operations state of one node: its own counters and the probes and sources the domains registered. */
export class OpsRegistry {
  readonly started = Date.now();
  readonly httpRequests = new Counter('smsc_http_requests_total', 'HTTP requests answered, by route and status class');
  readonly httpDuration = new Histogram(
    'smsc_http_request_duration_seconds',
    'HTTP request latency by route (this node)',
    LATENCY_BUCKETS,
  );
  readonly receiptLatency = new Histogram(
    'smsc_receipt_latency_seconds',
    'time from a message submitted to its final delivery receipt (delivered, undelivered, failed), receipts this node applied',
    RECEIPT_BUCKETS,
  );
  readonly runtime = new RuntimeMetrics();
  readonly probes = new Map<string, Probe>();
  sources: OpsSources = {};
  /** set when the server starts closing: /ready answers 503 so a proxy stops sending here */
  closing = false;

  probe(name: string, check: Probe) {
    this.probes.set(name, check);
  }

  async readiness(timeoutMs = 3000): Promise<{ ok: boolean; parts: ReadyPart[] }> {
    const parts = await Promise.all(
      [...this.probes].map(async ([name, check]): Promise<ReadyPart> => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          return { name, ok: true, detail: await Promise.race([check(), late]) };
        } catch (e) {
          return { name, ok: false, detail: (e as Error).message };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    if (this.closing) parts.unshift({ name: 'server', ok: false, detail: 'shutting down' });
    return { ok: parts.every((p) => p.ok), parts };
  }
}
