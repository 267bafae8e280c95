// The customer SMPP 3.4 listener: plain TCP on SMPP_PORT, and TLS on SMPPS_PORT when a certificate is
// configured. Each connection is a CustomerSession; receipts and incoming messages go back through Deliveries.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as smpp from 'smpp';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { PasswordHashCost } from '../lib/passwords';
import type { MessagingService } from '../messaging';
import type { BoundAccount } from './accounts';
import { BindRegistry } from './binds';
import { Deliveries } from './deliveries';
import { BindFailures, ConnectionCaps, HashSlots } from './limits';
import { plainAddress } from './ip-allow';
import { guardCommandLength } from './pdu-bounds';
import { SharedBinds, SharedThrottle } from './shared-limits';
import { Reassembler } from './reassembly';
import { CustomerSession, type SessionContext, type SessionStats, type SmppLimits } from './session';
import { SubmitBatcher } from './submit-batch';
import { brandSystemId } from './system-id';
import { CompanyBrandNames } from '../branding';

export interface ListenerOptions {
  host: string;
  /** false: no plain listener */
  port: number | false;
  tls?: { port: number; cert: string; key: string } | null;
  pendingHours: number;
  pollMs?: number;
  hashCost: PasswordHashCost;
  limits: SmppLimits;
  /** what one account may take of the shared state (docs/security.md, "Per-tenant quotas") */
  quotas?: { tpsCeiling: number; multipartPerAccount: number; multipartTotal: number };
}

/** Binds waiting for a hashing slot, per slot, before further binds are refused at once. */
const HASH_QUEUE_PER_SLOT = 32;

const REFRESH_MS = 10_000;

export class SmppListener {
  readonly binds = new BindRegistry();
  readonly deliveries: Deliveries;
  private readonly submits: SubmitBatcher;
  readonly shared: SharedBinds;
  private readonly ctx: SessionContext;
  private readonly servers: smpp.Server[] = [];
  private refreshTimer: NodeJS.Timeout | null = null;
  private readonly caps: ConnectionCaps;
  readonly stats: SessionStats = {
    faults: 0,
    timeouts: { bind: 0, inactivity: 0 },
    slowReaders: 0,
    bindsThrottled: 0,
  };
  /** connections closed at once for a connection cap */
  refusedConnections = 0;
  port: number | null = null;
  tlsPort: number | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    messaging: MessagingService,
    private readonly log: FastifyBaseLogger,
    private readonly opts: ListenerOptions,
  ) {
    this.deliveries = new Deliveries(db, this.binds, log, {
      pollMs: opts.pollMs ?? 200,
      pendingHours: opts.pendingHours,
    });
    this.submits = new SubmitBatcher(db, messaging, log);
    this.shared = new SharedBinds(db, log);
    this.ctx = {
      db,
      submits: this.submits,
      binds: this.binds,
      deliveries: this.deliveries,
      reassembler: new Reassembler(
        { perAccount: opts.quotas?.multipartPerAccount, total: opts.quotas?.multipartTotal },
        (key, got, total) => log.warn({ key, got, total }, 'SMPP multipart message incomplete: dropped'),
      ),
      throttle: new SharedThrottle(db, opts.quotas?.tpsCeiling),
      shared: this.shared,
      failures: new BindFailures(),
      hashing: new HashSlots(opts.limits.bindHashConcurrency, opts.limits.bindHashConcurrency * HASH_QUEUE_PER_SLOT),
      accounts: new Map<string, BoundAccount>(),
      log,
      hashCost: opts.hashCost,
      limits: opts.limits,
      stats: this.stats,
      systemIds: new CompanyBrandNames(db, brandSystemId),
    };
    this.caps = new ConnectionCaps(opts.limits.maxConnections, opts.limits.maxConnectionsPerAddress);
    guardCommandLength();
  }

  /** the sessions of every listener of this process, bound or not */
  sessions(): smpp.Session[] {
    return this.servers.flatMap((s) => s.sessions);
  }

  /** open connections, bound or not */
  get connections(): number {
    return this.caps.total;
  }

  private accept = (session: smpp.Session) => {
    const socket = session.socket;
    const remote = plainAddress(socket.remoteAddress);
    const refused = this.caps.admit(remote);
    if (refused) {
      this.refusedConnections++;
      // one line per second at most: a flood must not become a flood of log lines
      if (Date.now() - this.lastRefusalLog > 1000) {
        this.lastRefusalLog = Date.now();
        this.log.warn({ remote, why: refused, refused: this.refusedConnections }, 'SMPP connection refused');
      }
      socket.on('error', () => undefined);
      socket.destroy();
      return;
    }
    socket.once('close', () => this.caps.release(remote));
    try {
      new CustomerSession(session, this.ctx);
    } catch (e) {
      this.stats.faults++;
      this.log.warn({ remote, err: (e as Error).message }, 'SMPP session not started');
      socket.destroy();
    }
  };
  private lastRefusalLog = 0;

  private listen(server: smpp.Server, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.opts.host, () => {
        server.off('error', reject);
        server.on('error', (e: Error) => this.log.error({ err: e.message }, 'SMPP listener error'));
        resolve((server.address() as AddressInfo).port);
      });
    });
  }

  async start(): Promise<void> {
    if (this.opts.port !== false) {
      const server = smpp.createServer({}, this.accept);
      this.port = await this.listen(server, this.opts.port);
      this.servers.push(server);
    }
    const tls = this.opts.tls;
    if (tls) {
      const server = smpp.createServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, this.accept);
      this.tlsPort = await this.listen(server, tls.port);
      this.servers.push(server);
    }
    this.deliveries.start();
    this.shared.start();
    this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.refreshTimer.unref();
  }

  /**
   * Re-reads the limits of the accounts bound here, so a PATCH (tps, default_ani) reaches binds already open;
   * a switched-off or deleted account's binds end (on another node's PATCH too).
   */
  async refresh(only?: string): Promise<void> {
    const ids = only ? [only] : [...new Set(this.binds.all().map((b) => b.smpp_account_uuid))];
    if (!ids.length) return;
    try {
      const rows = await this.db
        .selectFrom('smpp_accounts')
        .select([
          'smpp_account_uuid',
          'company_uuid',
          'system_id',
          'allowed_ips',
          'max_binds',
          'tps',
          'default_ani',
          'is_active',
        ])
        .where('smpp_account_uuid', 'in', ids)
        .execute();
      const live = new Map(rows.filter((r) => r.is_active).map((r) => [r.smpp_account_uuid, r]));
      for (const id of ids) {
        const row = live.get(id);
        if (row) {
          const { is_active: _a, ...account } = row;
          this.ctx.accounts.set(id, account);
        } else {
          this.ctx.accounts.delete(id);
          for (const b of this.binds.of(id)) b.session.unbind();
        }
      }
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'SMPP account refresh failed');
    }
  }

  /** Unbinds every customer (a second for their unbind_resp), then stops listening. */
  async close(): Promise<void> {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    const sessions = this.servers.flatMap((s) => [...s.sessions]);
    await Promise.all(
      sessions.map(
        (s) =>
          new Promise<void>((resolve) => {
            const done = setTimeout(() => s.destroy(() => resolve()), 1000);
            done.unref();
            s.once('close', () => {
              clearTimeout(done);
              resolve();
            });
            if (!s.unbind({}, () => s.close())) s.destroy();
          }),
      ),
    );
    await Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    this.ctx.reassembler.clear();
    await this.submits.close();
    await this.deliveries.close();
    await this.shared.close();
  }
}
