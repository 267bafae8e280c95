// Scheduled messages: the in-process timer for the earliest one (on the node that sends them), the due
// ones sent through the pipeline again when their time comes, and edits or cancels before then.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockReason } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { reserve, rideAccount } from '../billing';
import { block, noMoney, pricedColumns, type Decision } from './engine/pipeline';
import { countSegments } from './engine/segments';
import type { AccountSpend, SendGuards } from './guard-port';
import { Refused } from './pipeline-types';
import { lookupColumns } from './lookup-port';
import type { Pipeline } from './pipeline';

const SCHEDULE_BATCH = 200;

export class Scheduler {
  private scheduleTimer: NodeJS.Timeout | null = null;
  private scheduledAt = Infinity;
  private closed = false;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly p: Pipeline,
    /** the guards in effect (plugged in after the pipeline is made) */
    private readonly guards: () => SendGuards,
    /** whether this node sends scheduled messages (MessagingService.sendsScheduled) */
    private readonly sendsScheduled: () => boolean,
  ) {}

  /** PATCH /sms/{id}: edit or cancel a scheduled message (the caller has checked tenancy). */
  async patchScheduled(
    sms_uuid: string,
    patch: { text?: string; send_at?: Date; status?: 'cancelled' },
  ): Promise<void> {
    if (patch.status === 'cancelled') {
      const [r] = await this.p.apply([{ sms_uuid, to: 'cancelled', message: 'Cancelled before sending' }]);
      if (!r.moved) throw new HttpError(409, `Only a scheduled message can be cancelled; this one is ${r.status}`);
      return;
    }
    const set: Record<string, unknown> = {};
    if (patch.text !== undefined)
      Object.assign(set, { text: patch.text, ...pick(countSegments(patch.text), ['segments', 'encoding']) });
    if (patch.send_at !== undefined) set.send_at = patch.send_at;
    if (!Object.keys(set).length) return;
    const done = await this.db
      .updateTable('sms')
      .set(set)
      .where('sms_uuid', '=', sms_uuid)
      .where('status', '=', 'scheduled')
      .returning('sms_uuid')
      .executeTakeFirst();
    if (!done) throw new HttpError(409, 'Only a scheduled message can be changed');
    if (patch.send_at) this.armScheduler(patch.send_at.getTime());
  }

  /** Sends one scheduled message whose time has come: the checks run again (a STOP may have arrived since). */
  async dispatch(sms_uuid: string): Promise<void> {
    const m = await this.db
      .selectFrom('sms')
      .selectAll()
      .where('sms_uuid', '=', sms_uuid)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (!m || !m.company_uuid) return;
    const company = await this.p.company(m.company_uuid);
    // a product with number lookup on has the number looked up now, when it goes (send() left it for this moment)
    const { decision, limited, lookup } = await this.p.evaluate(company, {
      ani: m.ani,
      dnis: m.dnis,
      text: m.text,
      sms_template_uuid: m.sms_template_uuid,
      sandbox: m.sandbox,
    });
    const blockRow = async (d: Extract<Decision, { ok: false }>) =>
      this.db
        .updateTable('sms')
        .set({
          status: 'blocked',
          block_reason: d.reason as BlockReason,
          status_message: d.message,
          ...lookupColumns(lookup),
        })
        .where('sms_uuid', '=', sms_uuid)
        .where('status', '=', 'scheduled')
        .execute();
    if (!decision.ok) {
      await blockRow(decision);
      return;
    }
    try {
      const moved = await this.db.transaction().execute(async (trx) => {
        let reservation_uuid: string | null = null;
        let spent: AccountSpend | undefined;
        // the hold first: its account lock is what lets one store of the company at a time check its spend, and
        // the spend it read answers that check without a read of its own when far from the limits
        if (decision.price > 0n) {
          const r = await reserve(trx, { account: { company_uuid: company.company_uuid }, amount: decision.price });
          if (!r.ok) throw new Refused(noMoney(decision.price, r.available) as Extract<Decision, { ok: false }>);
          reservation_uuid = r.reservation_uuid;
          spent = r.spend;
        }
        const room =
          limited && decision.price > 0n
            ? await this.guards().spendRoom(trx, company.company_uuid, decision.price, spent)
            : null;
        if (room !== null && decision.price > room)
          throw new Refused(
            block('spend_limit', `The company's spend limit would be passed by this scheduled message`) as Extract<
              Decision,
              { ok: false }
            >,
          );
        const record = room === null ? null : this.guards().spendRecord(company.company_uuid, decision.price);
        if (record) await rideAccount(trx, { company_uuid: company.company_uuid }, record);
        const row = await trx
          .updateTable('sms')
          .set({
            status: 'queued',
            reservation_uuid,
            ...pricedColumns(decision),
            ...lookupColumns(lookup),
          })
          .where('sms_uuid', '=', sms_uuid)
          .where('status', '=', 'scheduled')
          .returning('sms_uuid')
          .executeTakeFirst();
        if (!row) throw new Error('cancelled meanwhile');
        return true;
      });
      if (moved) {
        if (m.sandbox) await this.p.handOverSandbox(sms_uuid);
        else await this.p.handOver([await this.p.outbound(sms_uuid)]);
      }
    } catch (e) {
      if (e instanceof Refused) await blockRow(e.decision);
      else if ((e as Error).message !== 'cancelled meanwhile') throw e;
    }
  }

  /** Arms the in-process timer for the earliest scheduled message (on the node that sends them). */
  armScheduler(at: number): void {
    if (this.closed || !this.sendsScheduled() || at >= this.scheduledAt) return;
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    this.scheduledAt = at;
    // setTimeout caps at ~24.8 days; a later message is re-armed when the timer fires.
    this.scheduleTimer = setTimeout(
      () => {
        this.running = this.runDue();
      },
      Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1),
    );
    this.scheduleTimer.unref();
  }

  /** Sends what is due, then re-arms for the next scheduled message (on start too). */
  async runDue(): Promise<void> {
    this.scheduleTimer = null;
    this.scheduledAt = Infinity;
    if (this.closed || !this.sendsScheduled()) return;
    const due = await this.db
      .selectFrom('sms')
      .select('sms_uuid')
      .where('status', '=', 'scheduled')
      .where('send_at', '<=', new Date())
      .orderBy('send_at')
      .limit(SCHEDULE_BATCH)
      .execute();
    for (const d of due) {
      if (this.closed) return;
      try {
        await this.dispatch(d.sms_uuid);
      } catch (e) {
        this.log.error({ err: (e as Error).message, sms_uuid: d.sms_uuid }, 'scheduled send failed');
      }
    }
    if (this.closed) return;
    const next = await this.db
      .selectFrom('sms')
      .select(sql<Date | null>`min(send_at)`.as('at'))
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (next?.at) this.armScheduler(due.length === SCHEDULE_BATCH ? Date.now() : new Date(next.at).getTime());
  }

  /** The leader's poll: arms the timer for the earliest scheduled message, wherever it was scheduled. */
  async pollSchedule(): Promise<void> {
    const next = await this.db
      .selectFrom('sms')
      .select(sql<Date | null>`min(send_at)`.as('at'))
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (next?.at) this.armScheduler(new Date(next.at).getTime());
  }

  /** The role went to another node: this one stops sending scheduled messages. */
  disarmScheduler(): void {
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    this.scheduleTimer = null;
    this.scheduledAt = Infinity;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    await this.running.catch(() => undefined);
  }
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
