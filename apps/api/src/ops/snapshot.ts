// The figures of /metrics and of GET /operations, from one read: the database's (shared by every node:
// messages, links' throughput, outbox, webhooks, job queues) and this node's own counters.
import type { FastifyInstance } from 'fastify';
import type { OperationsSnapshot } from '@smsc/shared-contract';
import { apiOf } from '../lib/api-context';
import { outboxFigures } from '../mail';
import { block, quantile, type Sample } from './prometheus';
import type { RouteQualityFigures, SmppFigures } from './registry';
import { retentionBlocks } from './retention-metrics';

const seconds = (d: Date | string | null) => (d ? Math.max(0, (Date.now() - new Date(d).getTime()) / 1000) : null);
const round = (n: number | null, digits = 3) => (n === null ? null : Number(n.toFixed(digits)));

async function databaseFigures(app: FastifyInstance) {
  const db = app.db;
  const api = apiOf(app);
  const [messages, links, outbox, webhooks] = await Promise.all([
    api.messagingRepository.outgoingByStatus(db),
    api.messagingRepository.handedLastMinute(db),
    outboxFigures(db),
    api.companyWebhooks.failures(),
  ]);
  return { messages, links, outbox, webhooks };
}

export async function operationsSnapshot(app: FastifyInstance): Promise<OperationsSnapshot> {
  const ops = app.ops;
  const [ready, figures, queues, gateway] = await Promise.all([
    ops.readiness(),
    databaseFigures(app),
    ops.sources.jobQueues?.().catch(() => []) ?? Promise.resolve([]),
    ops.sources.gateway?.().catch(() => undefined) ?? Promise.resolve(undefined),
  ]);
  const requests = ops.httpRequests.samples();
  const routes = new Map<string, OperationsSnapshot['http']['routes'][number]>();
  for (const s of requests) {
    const key = `${s.labels.method} ${s.labels.route}`;
    const r = routes.get(key) ?? {
      method: s.labels.method,
      route: s.labels.route,
      requests: 0,
      errors_5xx: 0,
      p50_ms: null,
      p95_ms: null,
    };
    r.requests += s.value;
    if (s.labels.status === '5xx') r.errors_5xx += s.value;
    routes.set(key, r);
  }
  for (const h of ops.httpDuration.all()) {
    const r = routes.get(`${h.labels.method} ${h.labels.route}`);
    if (!r) continue;
    const p50 = quantile(h, 0.5);
    const p95 = quantile(h, 0.95);
    r.p50_ms = p50 === null ? null : round(p50 * 1000, 1);
    r.p95_ms = p95 === null ? null : round(p95 * 1000, 1);
  }
  const receipts = ops.receiptLatency.all()[0];
  const perLink = new Map(figures.links.map((l) => [l.link, l.count / 60]));
  const linkIds = new Set([...(gateway?.links.map((l) => l.smsc_id) ?? []), ...perLink.keys()]);
  return {
    checked_on: new Date().toISOString(),
    ready,
    http: {
      uptime_seconds: round((Date.now() - ops.started) / 1000, 1) ?? 0,
      requests: requests.reduce((n, s) => n + s.value, 0),
      errors_5xx: requests.filter((s) => s.labels.status === '5xx').reduce((n, s) => n + s.value, 0),
      routes: [...routes.values()].sort((a, b) => b.requests - a.requests),
    },
    messages: figures.messages,
    jobs: queues.map((q) => ({
      queue: q.queue,
      waiting: q.waiting,
      active: q.active,
      oldest_seconds: seconds(q.oldest),
    })),
    receipt_latency: {
      count: receipts?.count ?? 0,
      p50_seconds: receipts ? round(quantile(receipts, 0.5)) : null,
      p95_seconds: receipts ? round(quantile(receipts, 0.95)) : null,
    },
    links: [...linkIds].sort().map((link) => {
      const health = gateway?.links.find((l) => l.smsc_id === link);
      return {
        link,
        state: health?.state ?? (gateway?.gateway === 'simulator' ? 'online' : 'unknown'),
        per_second: round(perLink.get(link) ?? 0) ?? 0,
        queued: health?.queued ?? 0,
        window: ops.sources.window ?? null,
      };
    }),
    outbox: {
      pending: figures.outbox?.pending ?? 0,
      failed: figures.outbox?.failed ?? 0,
      oldest_seconds: round(seconds(figures.outbox?.oldest ?? null)),
    },
    webhooks: { failures_total: figures.webhooks?.total ?? 0, failures_last_hour: figures.webhooks?.hour ?? 0 },
  };
}

const s = (labels: Record<string, string>, value: number): Sample => ({ labels, value });

/** The Prometheus exposition of one snapshot plus this node's histograms. */
export async function renderMetrics(app: FastifyInstance): Promise<string> {
  const snap = await operationsSnapshot(app);
  const ops = app.ops;
  const parts = [
    block('smsc_up', 'the API process answers', 'gauge', [s({}, 1)]),
    block(
      'smsc_ready',
      'each part /ready checks: 1 working, 0 failing',
      'gauge',
      snap.ready.parts.map((p) => s({ part: p.name }, p.ok ? 1 : 0)),
    ),
    ops.httpRequests.render(),
    ops.httpDuration.render(),
    block(
      'smsc_messages',
      'outgoing messages by state (every node)',
      'gauge',
      snap.messages.map((m) => s({ state: m.state }, m.count)),
    ),
    block(
      'smsc_job_queue_depth',
      'jobs waiting or active per queue (every node)',
      'gauge',
      snap.jobs.flatMap((q) => [
        s({ queue: q.queue, state: 'waiting' }, q.waiting),
        s({ queue: q.queue, state: 'active' }, q.active),
      ]),
    ),
    block(
      'smsc_job_queue_oldest_seconds',
      'age of the oldest waiting job per queue',
      'gauge',
      snap.jobs.filter((q) => q.oldest_seconds !== null).map((q) => s({ queue: q.queue }, q.oldest_seconds as number)),
    ),
    ops.receiptLatency.render(),
    block(
      'smsc_gateway_link_up',
      'bind state of each gateway link: 1 online, 0 otherwise',
      'gauge',
      snap.links.map((l) => s({ link: l.link, state: l.state }, l.state === 'online' ? 1 : 0)),
    ),
    block(
      'smsc_gateway_link_throughput_per_second',
      'messages handed to each link per second over the last minute (every node)',
      'gauge',
      snap.links.map((l) => s({ link: l.link }, l.per_second)),
    ),
    block(
      'smsc_gateway_link_queued',
      'messages waiting in the gateway for each link (the part of its window in use or queued behind it)',
      'gauge',
      snap.links.map((l) => s({ link: l.link }, l.queued)),
    ),
    block(
      'smsc_gateway_link_window',
      'the SMPP window (max-pending-submits) of each link',
      'gauge',
      snap.links.filter((l) => l.window !== null).map((l) => s({ link: l.link }, l.window as number)),
    ),
    block('smsc_outbox_pending', 'mails waiting in the outbox', 'gauge', [s({}, snap.outbox.pending)]),
    block('smsc_outbox_failed', 'mails the outbox gave up on', 'gauge', [s({}, snap.outbox.failed)]),
    block('smsc_outbox_oldest_seconds', 'age of the oldest waiting mail', 'gauge', [
      s({}, snap.outbox.oldest_seconds ?? 0),
    ]),
    block('smsc_webhook_failures_total', 'failed webhook deliveries (attempts), all time', 'counter', [
      s({}, snap.webhooks.failures_total),
    ]),
    block('smsc_webhook_failures_last_hour', 'failed webhook delivery attempts in the last hour', 'gauge', [
      s({}, snap.webhooks.failures_last_hour),
    ]),
    block(
      'smsc_leader',
      'periodic tasks of this node among the API nodes: 1 it runs them, 0 another node does',
      'gauge',
      app.leadership.roleNames().map((r) => s({ role: r }, app.leadership.holds(r) ? 1 : 0)),
    ),
    block('smsc_process_resident_memory_bytes', 'resident memory of this node', 'gauge', [
      s({}, process.memoryUsage().rss),
    ]),
    ...jobFailureBlocks(await (ops.sources.jobFailures?.().catch(() => []) ?? Promise.resolve([]))),
    ...ops.runtime.render(),
    ...smppBlocks(app.ops.sources.smpp?.()),
    ...routeQualityBlocks(await (ops.sources.routeQuality?.().catch(() => undefined) ?? Promise.resolve(undefined))),
    ...retentionBlocks(await (ops.sources.retention?.().catch(() => undefined) ?? Promise.resolve(undefined))),
  ];
  return parts.join('\n') + '\n';
}

/** The customer SMPP listener's figures, when this node runs one. */
function smppBlocks(f: SmppFigures | undefined): string[] {
  if (!f) return [];
  const one = (value: number) => s({}, value);
  return [
    block('smsc_smpp_connections', 'open customer SMPP connections on this node, bound or not', 'gauge', [
      one(f.connections),
    ]),
    block('smsc_smpp_binds', 'customer SMPP binds open on this node', 'gauge', [one(f.binds)]),
    block(
      'smsc_smpp_connections_refused_total',
      'SMPP connections closed at once for a connection cap (SMPP_MAX_CONNECTIONS, …_PER_ADDRESS)',
      'counter',
      [one(f.refusedConnections)],
    ),
    block(
      'smsc_smpp_session_faults_total',
      'SMPP sessions ended by a PDU that could not be read or handled',
      'counter',
      [one(f.faults)],
    ),
    block('smsc_smpp_timeouts_total', 'SMPP connections closed by a timer', 'counter', [
      { labels: { timer: 'session-init' }, value: f.bindTimeouts },
      { labels: { timer: 'inactivity' }, value: f.inactivityTimeouts },
    ]),
    block('smsc_smpp_slow_readers_total', 'SMPP connections closed for leaving our answers unread', 'counter', [
      one(f.slowReaders),
    ]),
    block(
      'smsc_smpp_binds_throttled_total',
      'SMPP bind attempts refused before any password check (address limit, hashing at capacity)',
      'counter',
      [one(f.bindsThrottled)],
    ),
  ];
}

/** Retries waiting and dead letters per queue: work that failed, and work that will not happen without an operator. */
function jobFailureBlocks(rows: { queue: string; retrying: number; dead: number }[]): string[] {
  return [
    block(
      'smsc_job_retrying',
      'jobs waiting for a retry after a failed attempt, per queue',
      'gauge',
      rows.map((r) => s({ queue: r.queue }, r.retrying)),
    ),
    block(
      'smsc_job_dead_letters',
      'jobs that failed every attempt, waiting on the Operations screen to be retried or discarded, per queue',
      'gauge',
      rows.map((r) => s({ queue: r.queue }, r.dead)),
    ),
  ];
}

/**
 * Each route's quality (vendor product × destination country) as of its last evaluation, and the changes so far;
 * deploy/prometheus/alerts.yml alerts on a demotion, a pinned route under its floor, and a flapping route.
 */
function routeQualityBlocks(f: RouteQualityFigures | undefined): string[] {
  const routes = f?.routes ?? [];
  const labels = (r: RouteQualityFigures['routes'][number]) => ({
    vendor_product: r.vendor_product,
    vendor: r.vendor,
    country: r.country,
  });
  const known = (pick: (r: RouteQualityFigures['routes'][number]) => number | null) =>
    routes.filter((r) => pick(r) !== null).map((r) => s(labels(r), pick(r) as number));
  return [
    block(
      'smsc_route_demoted',
      'route quality: 1 while the route is demoted to its fallbacks (pin: auto, on = never demoted, off = held off by an admin), 0 while active',
      'gauge',
      routes.map((r) => s({ ...labels(r), pin: r.pin }, r.state === 'demoted' ? 1 : 0)),
    ),
    block(
      'smsc_route_under_floor',
      'route quality: 1 when enough messages were judged in the window and the delivered ratio is under the floor',
      'gauge',
      routes.map((r) => s({ ...labels(r), pin: r.pin }, r.under_floor ? 1 : 0)),
    ),
    block(
      'smsc_route_delivered_ratio',
      'route quality: delivered / judged messages over the window',
      'gauge',
      known((r) => r.delivered_ratio),
    ),
    block(
      'smsc_route_receipt_ratio',
      'route quality: final receipts / messages sent over the window',
      'gauge',
      known((r) => r.receipt_ratio),
    ),
    block(
      'smsc_route_judged_messages',
      'route quality: messages judged over the window (a final receipt, or none within the receipt wait)',
      'gauge',
      routes.map((r) => s(labels(r), r.judged)),
    ),
    block(
      'smsc_route_floor_ratio',
      'route quality: the delivered ratio the route must keep',
      'gauge',
      routes.map((r) => s(labels(r), r.floor)),
    ),
    block(
      'smsc_route_receipt_latency_seconds',
      'route quality: time from hand-over to the final receipt over the window, by quantile',
      'gauge',
      [
        ...known((r) => r.latency_p50).map((x) => ({ ...x, labels: { ...x.labels, quantile: '0.5' } })),
        ...known((r) => r.latency_p95).map((x) => ({ ...x, labels: { ...x.labels, quantile: '0.95' } })),
      ],
    ),
    block(
      'smsc_route_quality_changes_total',
      'route quality: demotions, promotions, floor and pin changes so far, by kind (every node)',
      'counter',
      (f?.changes ?? []).map((c) => s({ kind: c.kind }, c.n)),
    ),
  ];
}
