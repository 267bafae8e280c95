import { Type, type Static } from '@sinclair/typebox';

/** One part /ready checks: the database, the job queue, the gateway's binds. */
export const ReadyPart = Type.Object({
  name: Type.String(),
  ok: Type.Boolean(),
  detail: Type.String(),
});
export type ReadyPart = Static<typeof ReadyPart>;

export const Readiness = Type.Object({
  ok: Type.Boolean(),
  parts: Type.Array(ReadyPart),
});
export type Readiness = Static<typeof Readiness>;

const Count = Type.Integer({ minimum: 0 });
const Seconds = Type.Union([Type.Number({ minimum: 0 }), Type.Null()]);

export const OperationsRoute = Type.Object({
  method: Type.String(),
  route: Type.String(),
  requests: Count,
  errors_5xx: Count,
  /** from the latency histogram's buckets; null before the first request */
  p50_ms: Seconds,
  p95_ms: Seconds,
});

export const OperationsLink = Type.Object({
  link: Type.String(),
  /** online, connecting, dead, unknown (the gateway's bind state) */
  state: Type.String(),
  /** messages handed to this link per second over the last minute (every node, from the database) */
  per_second: Type.Number({ minimum: 0 }),
  /** messages waiting in the gateway for this link (Kannel's queue; the simulator's in flight) */
  queued: Count,
  /** the SMPP window it may fill (max-pending-submits), null when the gateway has none */
  window: Type.Union([Count, Type.Null()]),
});

export const OperationsQueue = Type.Object({
  queue: Type.String(),
  waiting: Count,
  active: Count,
  /** age of the oldest waiting job */
  oldest_seconds: Seconds,
});

/** GET /operations: what /metrics exports, as the Operations screen reads it. */
export const OperationsSnapshot = Type.Object({
  checked_on: Type.String({ format: 'date-time' }),
  ready: Readiness,
  /** this node since it started (each node counts its own requests) */
  http: Type.Object({
    uptime_seconds: Type.Number({ minimum: 0 }),
    requests: Count,
    errors_5xx: Count,
    routes: Type.Array(OperationsRoute),
  }),
  messages: Type.Array(Type.Object({ state: Type.String(), count: Count })),
  jobs: Type.Array(OperationsQueue),
  /** submit to final delivery receipt, receipts this node applied */
  receipt_latency: Type.Object({ count: Count, p50_seconds: Seconds, p95_seconds: Seconds }),
  links: Type.Array(OperationsLink),
  outbox: Type.Object({ pending: Count, failed: Count, oldest_seconds: Seconds }),
  webhooks: Type.Object({ failures_total: Count, failures_last_hour: Count }),
});
export type OperationsSnapshot = Static<typeof OperationsSnapshot>;

/** A job that failed every attempt and waits in its queue's dead letters for an operator (retry or discard). */
export const FailedJob = Type.Object({
  id: Type.String(),
  /** the queue it ran in (bulk-slice, campaign-run, …) */
  queue: Type.String(),
  /** when it went to the dead letters (after its last attempt) */
  failed_on: Type.String({ format: 'date-time' }),
  /** attempts it was allowed before it failed */
  attempts: Count,
  /** the last attempt's error */
  error: Type.String(),
  /** the job's data as JSON, cut at 500 characters */
  data: Type.String(),
});
export type FailedJob = Static<typeof FailedJob>;

export const FailedJobListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type FailedJobListQuery = Static<typeof FailedJobListQuery>;

export const FailedJobPage = Type.Object({ items: Type.Array(FailedJob), total: Count, per_page: Count });
export type FailedJobPage = Static<typeof FailedJobPage>;

export const FailedJobParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
