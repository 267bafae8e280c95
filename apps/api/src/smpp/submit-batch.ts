// The submits of a company that arrive together go through the pipeline together: the messaging service's
// batch entry point (the one bulk jobs use: the same engine decision, price, hold, guards and blocked rows as
// POST /sms) looks their facts up in a few queries, stores them in one transaction, and hands the queued ones
// to the gateway after its commit. One submit at a time cost five round trips of its own and stayed under a
// hundred a second. The receipt a submit asks for is written in the same transaction as its message, so a
// crash between the two cannot leave a message whose receipt is never owed.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { GroupCommit } from '../lib/group-commit';
import { accountsRepository } from '../accounts';
import type { BlockReason } from '@smsc/shared-contract';
import type { CompanyFacts, MessagingService, OutboundMessage } from '../messaging';

export interface Submit {
  company_uuid: string;
  smpp_account_uuid: string;
  ani: string;
  dnis: string;
  text: string;
  /** a multipart message's id, answered on its first parts already */
  sms_uuid?: string;
  wantsReceipt: boolean;
}

export type SubmitOutcome = { ok: true; sms_uuid: string } | { ok: false; reason: BlockReason };
/** a submit whose own storing failed (its batch's others were stored without it) */
type Stored = SubmitOutcome | { failed: unknown };

const MAX_BATCH = 500;
/**
 * Batches of one company stored at once: while one holds the balance lock, the next looks its facts up.
 * A lone submit waits WAIT_MS for others: otherwise the first submit after each answered batch ran alone
 * and the rest waited behind it (batches of 1 and 399 in turn).
 */
const LANES = 2;
const WAIT_MS = 3;

export class SubmitBatcher {
  private readonly groups = new Map<string, GroupCommit<Submit, Stored>>();
  /** hand-overs to the gateway still running (close waits for them) */
  private readonly handing = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly messaging: MessagingService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The first of the company's lanes not writing a batch: while lane 0 writes, what arrives gathers in lane 1, and
   * a lane that is gathering takes the rest. Submits dealt round the lanes in turn halved every batch (a window of
   * 100 gave batches of ~25): ~20 % more CPU a message and fewer submits a second (bench:smpp, 2026-12-07).
   */
  private laneOf(company_uuid: string): string {
    for (let i = 0; i < LANES; i++)
      if (!this.groups.get(`${company_uuid}|${i}`)?.writing) return `${company_uuid}|${i}`;
    return `${company_uuid}|0`;
  }

  /** Stores one submit with the company's others of the moment; resolves after its batch commits. */
  add(s: Submit): Promise<SubmitOutcome> {
    const id = this.laneOf(s.company_uuid);
    let group = this.groups.get(id);
    if (!group) {
      const created = new GroupCommit<Submit, Stored>((batch) => this.run(s.company_uuid, batch), {
        maxBatch: MAX_BATCH,
        maxWaitMs: WAIT_MS,
        onIdle: () => void (this.groups.get(id) === created && this.groups.delete(id)),
      });
      group = created;
      this.groups.set(id, group);
    }
    return group.add(s).then((o) => {
      if ('failed' in o) throw o.failed;
      return o;
    });
  }

  /**
   * One batch in one transaction; when that fails, its submits one by one, so a submit the database refuses
   * fails alone and not the other messages of the company that arrived with it.
   */
  private async run(company_uuid: string, batch: Submit[]): Promise<Stored[]> {
    try {
      return await this.store(company_uuid, batch);
    } catch (e) {
      if (batch.length === 1) return [{ failed: e }];
      this.log.warn({ err: (e as Error).message, submits: batch.length }, 'SMPP batch not stored: one by one');
      const out: Stored[] = [];
      for (const s of batch)
        out.push(
          await this.store(company_uuid, [s]).then(
            ([o]) => o,
            (failed) => ({ failed }),
          ),
        );
      return out;
    }
  }

  private async store(company_uuid: string, batch: Submit[]): Promise<SubmitOutcome[]> {
    // read per batch: a product or reseller changed in the console applies to the next batch
    const c = await accountsRepository.companyOf(this.db, company_uuid);
    if (!c) throw new Error(`no company ${company_uuid}`);
    const company: CompanyFacts = {
      company_uuid: c.company_uuid,
      reseller_uuid: c.reseller_uuid,
      product_uuid: c.product_uuid,
    };
    const judged = await this.messaging.pipeline.judge(
      company,
      batch.map((s) => ({
        ani: s.ani,
        dnis: s.dnis,
        text: s.text,
        user_uuid: null,
        smpp_account_uuid: s.smpp_account_uuid,
        sms_uuid: s.sms_uuid,
      })),
    );
    const stored = await this.db.transaction().execute(async (trx) => {
      const rows = await this.messaging.pipeline.store(trx, company, null, judged);
      const receipts = rows
        .map((r, i) => ({ r, s: batch[i] }))
        .filter(({ r, s }) => r.outbound && s.wantsReceipt)
        .map(({ r, s }) => ({
          kind: 'receipt' as const,
          sms_uuid: r.sms_uuid,
          smpp_account_uuid: s.smpp_account_uuid,
          company_uuid,
        }));
      if (receipts.length)
        await trx
          .insertInto('smpp_deliveries')
          .values(receipts)
          .onConflict((oc) => oc.doNothing())
          .execute();
      return rows;
    });
    const outbound = stored.flatMap((r) => (r.outbound ? [r.outbound as OutboundMessage] : []));
    // the answers do not wait for the gateway: stored and held, the message is ours (a gateway refusal moves it
    // to failed, and its receipt says so)
    if (outbound.length) {
      const p = this.messaging.pipeline
        .handOver(outbound, { recheckStops: true })
        .catch((e) => this.log.error({ err: (e as Error).message }, 'SMPP submits not handed to the gateway'))
        .finally(() => this.handing.delete(p));
      this.handing.add(p);
    }
    return stored.map((r) =>
      r.outbound ? { ok: true, sms_uuid: r.sms_uuid } : { ok: false, reason: r.refused?.reason as BlockReason },
    );
  }

  /** Waits for the batches being stored and their hand-overs (the listener's close). */
  async close(): Promise<void> {
    await Promise.all([...this.groups.values()].map((g) => g.drain()));
    await Promise.all([...this.handing]);
  }
}
