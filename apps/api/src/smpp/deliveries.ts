// Receipts and incoming messages back on the customer's binds. What must go back is a row of
// smpp_deliveries (a receipt asked for at submit, written in its message's transaction by submit-batch.ts; an
// incoming message to the company's number), so nothing is lost when the customer is not bound, the process restarts, or another node holds the bind. A poller
// claims ready rows for the accounts bound here (a claim is a lease: FOR UPDATE SKIP LOCKED, so two nodes
// never send one row at once), sends deliver_sm, and marks the row delivered only on a deliver_sm_resp with
// status 0; an unanswered row goes back when its lease ends. A row the customer refuses (deliver_sm_resp with an
// error status) waits before its next try, twice as long each time (1 s, 2 s, 4 s… up to 5 minutes): sent again
// at every poll, one refusing customer had a row resent every 200 ms. Rows waiting longer than SMPP_PENDING_HOURS
// expire.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { GroupCommit } from '../lib/group-commit';
import { smsRows } from '../messaging';
import { BindRegistry, type Bind } from './binds';
import { gsmBytes, isGsm, receiptText } from './pdu-codec';

const FINAL = ['delivered', 'undelivered', 'failed', 'blocked', 'cancelled', 'received'];
const LEASE_SECONDS = 120;
const BATCH = 1000;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 300_000;

/** How long a row refused for the `attempts`-th time waits before it is sent again. */
export const backoffMs = (attempts: number, base = RETRY_BASE_MS, max = RETRY_MAX_MS) =>
  Math.min(max, base * 2 ** Math.min(30, Math.max(0, attempts - 1)));

interface Ready {
  delivery_uuid: string;
  kind: 'receipt' | 'mo';
  company_uuid: string;
  smpp_account_uuid: string | null;
  sms_uuid: string;
  status: SmsStatus;
  ani: string;
  dnis: string;
  text: string;
  created_on: Date;
  delivered_on: Date | null;
  /** sends of the row so far, this one included */
  attempts: number;
}

export interface DeliveryOptions {
  pollMs: number;
  pendingHours: number;
  /** the first wait after a refusal and the longest (RETRY_BASE_MS, RETRY_MAX_MS) */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** "+14155550111" → "14155550111": SMPP addresses carry no plus (TON international says it). */
const address = (n: string) => n.replace(/^\+/, '');

export class Deliveries {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private lastExpiry = 0;
  /** delivered rows are marked in groups too */
  private readonly done: GroupCommit<string, null>;
  /** rows sent on a bind of this process and not answered yet: never sent again meanwhile */
  private readonly inflight = new Map<string, Bind>();
  /** per account: when a refusal was last logged, and the refusals since (one line per backoff, not per row) */
  private readonly refusals = new Map<string, { loggedAt: number; since: number }>();
  delivered = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly binds: BindRegistry,
    private readonly log: FastifyBaseLogger,
    private readonly opts: DeliveryOptions,
  ) {
    this.done = new GroupCommit(
      async (ids) => {
        await db
          .updateTable('smpp_deliveries')
          .set({ delivered_on: new Date(), claimed_until: null })
          .where('delivery_uuid', 'in', ids)
          .execute();
        return ids.map(() => null);
      },
      { maxBatch: 1000, maxWaitMs: 10 },
    );
  }

  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
  }

  /** An incoming message for the company's binds. */
  async incoming(sms_uuid: string, company_uuid: string): Promise<void> {
    await this.db
      .insertInto('smpp_deliveries')
      .values({ kind: 'mo', sms_uuid, company_uuid, smpp_account_uuid: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    this.kick();
  }

  /** Runs a poll now (or right after the running one). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.poll()
      .catch((e) => this.log.error({ err: (e as Error).message }, 'SMPP deliveries poll failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async poll(): Promise<void> {
    await this.expireOld();
    const { accounts, companies } = this.binds.receiving();
    if (!accounts.length) return;
    const ready = await this.claim(accounts, companies);
    const unsendable: string[] = [];
    for (const r of ready) {
      if (this.inflight.has(r.delivery_uuid)) continue;
      const bind = this.binds.receiver(r.kind === 'receipt' ? r.smpp_account_uuid : null, r.company_uuid);
      if (!bind || !this.send(bind, r)) unsendable.push(r.delivery_uuid);
    }
    if (unsendable.length) await this.release(unsendable, true);
    if (ready.length === BATCH) this.again = true;
  }

  private async claim(accounts: string[], companies: string[]): Promise<Ready[]> {
    const hours = this.opts.pendingHours;
    const r = await sql<Ready>`with picked as (
        select d.delivery_uuid from smpp_deliveries d join ${smsRows} s on s.sms_uuid = d.sms_uuid
        where d.delivered_on is null and d.expired_on is null
          and d.company_uuid = any(${companies}::uuid[])
          and (d.smpp_account_uuid = any(${accounts}::uuid[]) or (d.kind = 'mo' and d.smpp_account_uuid is null))
          and (d.claimed_until is null or d.claimed_until < now())
          and d.created_on > now() - make_interval(hours => ${hours})
          and s.status = any(${FINAL}::text[])
        order by d.created_on limit ${BATCH}
        for update of d skip locked)
      update smpp_deliveries d set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      from picked, ${smsRows} s
      where d.delivery_uuid = picked.delivery_uuid and s.sms_uuid = d.sms_uuid
      returning d.delivery_uuid, d.kind, d.company_uuid, d.smpp_account_uuid, d.sms_uuid,
        s.status, s.ani, s.dnis, s.text, s.created_on, s.delivered_on, d.attempts`.execute(this.db);
    return r.rows;
  }

  /** Rows claimed but not sent (no bind could take them): offered again at once, the claim not counted a try. */
  private async release(ids: string[], notSent = false): Promise<void> {
    await this.db
      .updateTable('smpp_deliveries')
      .set(
        notSent ? { claimed_until: null, attempts: sql<number>`greatest(attempts - 1, 0)` } : { claimed_until: null },
      )
      .where('delivery_uuid', 'in', ids)
      .execute();
  }

  /** A row the customer refused: its claim now ends after the backoff of its tries, not at once. */
  private async refused(bind: Bind, r: Ready, status: number): Promise<void> {
    const wait = backoffMs(r.attempts, this.opts.retryBaseMs, this.opts.retryMaxMs);
    await this.db
      .updateTable('smpp_deliveries')
      .set({ claimed_until: sql<Date>`now() + make_interval(secs => ${wait / 1000})` })
      .where('delivery_uuid', '=', r.delivery_uuid)
      .where('delivered_on', 'is', null)
      .execute();
    const now = Date.now();
    const seen = this.refusals.get(bind.smpp_account_uuid) ?? { loggedAt: 0, since: 0 };
    seen.since++;
    if (now - seen.loggedAt >= wait) {
      this.log.warn(
        { system_id: bind.system_id, status, refused: seen.since, attempts: r.attempts, retry_in_ms: wait },
        'SMPP deliver_sm refused by the customer',
      );
      seen.loggedAt = now;
      seen.since = 0;
    }
    this.refusals.set(bind.smpp_account_uuid, seen);
  }

  /** deliver_sm for one row; false when the bind could not take it (its socket is gone). */
  private send(bind: Bind, r: Ready): boolean {
    const pdu: Record<string, unknown> =
      r.kind === 'receipt'
        ? (() => {
            const receipt = receiptText({
              sms_uuid: r.sms_uuid,
              status: r.status,
              created_on: r.created_on,
              done_on: r.delivered_on,
              text: r.text,
            });
            return {
              // a receipt goes from the destination back to the sender (SMPP 3.4 §4.6.1)
              source_addr_ton: 1,
              source_addr: address(r.dnis),
              dest_addr_ton: 1,
              destination_addr: address(r.ani),
              esm_class: 0x04,
              data_coding: 0,
              short_message: gsmBytes(receipt.text),
              receipted_message_id: r.sms_uuid,
              message_state: receipt.state,
            };
          })()
        : {
            source_addr_ton: 1,
            source_addr: address(r.ani),
            dest_addr_ton: 1,
            destination_addr: address(r.dnis),
            esm_class: 0,
            data_coding: isGsm(r.text) ? 0 : 8,
            // one deliver_sm whatever the length: message_payload carries up to 64 KB
            ...(r.text.length > 160 ? { message_payload: r.text } : { short_message: r.text }),
          };
    this.inflight.set(r.delivery_uuid, bind);
    const sent = bind.session.deliver_sm(pdu, (resp) => {
      this.inflight.delete(r.delivery_uuid);
      if (resp.command_status !== 0) {
        void this.refused(bind, r, resp.command_status).catch((e) =>
          this.log.error({ err: (e as Error).message }, 'SMPP refused delivery not put back'),
        );
        return;
      }
      if (r.kind === 'receipt') bind.receipts++;
      else bind.incoming++;
      this.delivered++;
      void this.done
        .add(r.delivery_uuid)
        .catch((e) => this.log.error({ err: (e as Error).message }, 'SMPP delivery not marked delivered'));
    });
    if (!sent) this.inflight.delete(r.delivery_uuid);
    return sent;
  }

  /** A bind closed: what it was sent and did not answer goes back for the next bind (or the next node). */
  async unbound(bind: Bind): Promise<void> {
    const ids = [...this.inflight].filter(([, b]) => b === bind).map(([id]) => id);
    for (const id of ids) this.inflight.delete(id);
    if (ids.length) await this.release(ids);
  }

  /** Rows older than SMPP_PENDING_HOURS expire (checked at most once a minute per process). */
  private async expireOld(): Promise<void> {
    if (Date.now() - this.lastExpiry < 60_000) return;
    this.lastExpiry = Date.now();
    const r = await this.db
      .updateTable('smpp_deliveries')
      .set({ expired_on: new Date() })
      .where('delivered_on', 'is', null)
      .where('expired_on', 'is', null)
      .where(sql<boolean>`created_on < now() - make_interval(hours => ${this.opts.pendingHours})`)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows))
      this.log.warn({ expired: Number(r.numUpdatedRows) }, 'SMPP receipts or incoming messages expired undelivered');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.done.drain().catch(() => undefined);
  }
}
