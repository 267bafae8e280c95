// Leadership by PostgreSQL advisory lock: a periodic task that must run on one node at a time (the
// scheduled-message sender, the report fold) is a role; the node whose session holds the role's
// advisory lock runs it. Each node keeps one connection of its own for its locks and, every poll
// (CLUSTER_POLL_MS, 250 ms), tries the roles it does not hold (pg_try_advisory_lock never waits) and
// runs the ticks of those it holds. A node that dies loses its session, and with it its locks: the
// next poll of another node takes the role over (SIGKILL closes the socket at once; a lost machine
// takes TCP keepalive's time). A node whose lock connection fails or stops answering gives its roles
// up before anything else. The locks are keyed by the schema (DB_SCHEMA), so test files (a schema each) never
// share a leader. On the embedded PGlite there is one process: every role is held, nothing polls.
import { Client } from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export interface Role {
  /** runs on every poll while this node holds the role (a poll waits for it) */
  tick?: () => Promise<void>;
  /** the role went elsewhere (lock connection lost, or shutdown): stop its work here */
  lost?: () => void;
}

export interface LeadershipOptions {
  /** PostgreSQL; unset = the embedded database, where this process holds every role */
  databaseUrl?: string;
  schema?: string;
  pollMs: number;
  log: FastifyBaseLogger;
}

const LOCK_QUERY = `select r as role, pg_try_advisory_lock(hashtext('smsc-leader'), hashtext($2 || '/' || r)) as got
  from unnest($1::text[]) as r`;

export class Leadership {
  private readonly roles = new Map<string, Role>();
  private readonly held = new Set<string>();
  private client: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly o: LeadershipOptions) {}

  get embedded(): boolean {
    return !this.o.databaseUrl;
  }

  /** Registers a role (before start). */
  lead(name: string, role: Role = {}): void {
    this.roles.set(name, role);
  }

  holds(name: string): boolean {
    return this.embedded || this.held.has(name);
  }

  /** every role registered here, held or not */
  roleNames(): string[] {
    return [...this.roles.keys()];
  }

  /** the roles this node holds now (metrics, tests) */
  heldRoles(): string[] {
    return this.embedded ? [...this.roles.keys()] : [...this.held];
  }

  /** First poll now (so roles are settled when start resolves), then every pollMs. */
  async start(): Promise<void> {
    if (this.embedded || this.closed) return;
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.o.pollMs);
    this.timer.unref();
  }

  poll(): Promise<void> {
    if (this.running || this.closed) return this.running ?? Promise.resolve();
    this.running = this.pollOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pollOnce(): Promise<void> {
    try {
      if (!this.client) this.client = await this.connect();
      const want = [...this.roles.keys()].filter((r) => !this.held.has(r));
      // with nothing to want, the same query is the ping that tells a live lock connection
      const { rows } = await this.client.query<{ role: string; got: boolean }>(LOCK_QUERY, [want, this.o.schema ?? '']);
      for (const r of rows)
        if (r.got && !this.closed) {
          this.held.add(r.role);
          this.o.log.info({ role: r.role }, 'this node leads');
        }
    } catch (e) {
      this.drop(e as Error);
      return;
    }
    for (const name of [...this.held]) {
      if (this.closed) return;
      await this.roles
        .get(name)
        ?.tick?.()
        .catch((e: Error) => this.o.log.warn({ err: e.message, role: name }, 'leader task failed'));
    }
  }

  private async connect(): Promise<Client> {
    const c = new Client({
      connectionString: this.o.databaseUrl,
      ...(this.o.schema ? { options: `-c search_path=${this.o.schema}` } : {}),
      // a lock connection that stops answering must not leave this node believing it leads
      query_timeout: Math.max(1000, this.o.pollMs * 4),
      keepAlive: true,
      application_name: 'smsc-leadership',
    });
    c.on('error', (e) => this.drop(e));
    await c.connect();
    return c;
  }

  private drop(e: Error): void {
    if (this.held.size) this.o.log.warn({ err: e.message, roles: [...this.held] }, 'leadership lost');
    this.release();
    const c = this.client;
    this.client = null;
    c?.end().catch(() => undefined);
  }

  private release(): void {
    for (const name of this.held) this.roles.get(name)?.lost?.();
    this.held.clear();
  }

  /** Stops polling, lets the roles go (another node takes them at its next poll). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.release();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
