// One chunk of a bulk job: the recipients after the cursor read and judged outside any transaction, then
// stored (checked, priced, held) in one transaction that also moves the cursor. BulkService.work runs the
// chunks in turn; these are its steps, over plain dependencies.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { CompanyFacts, Judged, MessagingService, OutboundMessage } from '../messaging';
import { AlreadyStored, smsRows } from '../messaging';
import { affordablePrefix, balanceOf } from '../billing';
import { substitute } from '@smsc/shared-util';
import type { Pacer } from './pacer';

/**
 * Messages per transaction. A chunk is a handful of statements (the holds of the whole chunk are one
 * reserveMany), short enough that on PGlite's single connection other requests interleave between chunks.
 */
export const CHUNK = 200;

export interface ChunkDeps {
  db: Kysely<Database>;
  messaging: MessagingService;
  pacer: Pacer;
  log: FastifyBaseLogger;
}

/** A chunk read and judged, ready to store: the recipients after `cursor` up to `last`. */
export interface Prepared {
  cursor: number;
  last: number;
  company: CompanyFacts;
  judged: Judged[];
}
export const productOf = (j: Judged) => (j.decision.ok ? j.decision.vendorProductUuid : null);
/** what a judged message will hold: its price when it goes out, nothing when it is refused */
const holdOf = (j: Judged) => (j.decision.ok ? j.decision.price : 0n);
/** how many of the amounts, in order, fit in what a spend limit leaves (null: no limit) */
function withinRoom(amounts: bigint[], room: bigint | null): number {
  if (room === null) return amounts.length;
  let left = room;
  for (const [i, a] of amounts.entries()) {
    if (a > left) return i;
    left -= a;
  }
  return amounts.length;
}

/**
 * Whether a job held for its balance (or its spend limits) may go on: the company can now pay for the next
 * message it would send (or its limits allow it: a new day, a raised limit). No writes.
 */
export async function nextCovered(
  deps: ChunkDeps,
  b: { bulk_uuid: string; company_uuid: string; text: string; cursor: number },
  senders: string[],
  by: 'balance' | 'spend',
): Promise<boolean> {
  const chunk = await prepareChunk(deps, b, senders, b.cursor);
  const first = chunk?.judged.map(holdOf).find((p) => p > 0n);
  if (first === undefined) return true;
  if (by === 'balance') return (await balanceOf(deps.db, { company_uuid: b.company_uuid })).available >= first;
  const room = await deps.db
    .transaction()
    .execute((trx) => deps.messaging.guards.spendRoom(trx, b.company_uuid, first));
  return room === null || room >= first;
}

/** Reads and judges the recipients after `cursor` (no writes): up to a chunk, cut to what the route's throughput allows. */
export async function prepareChunk(
  deps: ChunkDeps,
  b: { bulk_uuid: string; company_uuid: string; text: string },
  senders: string[],
  cursor: number,
): Promise<Prepared | null> {
  const peek = await deps.db
    .selectFrom('bulk_recipients')
    .select(['seq', 'number', 'fields'])
    .where('bulk_uuid', '=', b.bulk_uuid)
    .where('seq', '>', cursor)
    .where('seq', '<=', cursor + CHUNK)
    .orderBy('seq')
    .execute();
  if (!peek.length) return null;
  const company = await deps.messaging.facts.company(b.company_uuid);
  // Judging reads the catalog and suppression lists outside the transaction (PGlite has one connection).
  const judged = await deps.messaging.pipeline.judge(
    company,
    peek.map((r) => ({
      ani: senders[(r.seq - 1) % senders.length],
      dnis: r.number,
      text: substitute(b.text, { number: r.number, ...r.fields }),
      bulk: { bulk_uuid: b.bulk_uuid, seq: r.seq },
    })),
  );
  const fit = judged.slice(0, await deps.pacer.fit(judged.map(productOf)));
  return { cursor, company, judged: fit, last: (fit[fit.length - 1].item.bulk as { seq: number }).seq };
}

/**
 * Stores a prepared chunk's messages (checked, priced, held) and answers those to hand over. The
 * cursor moves in the same transaction, guarded by its old value and the running state: a crashed
 * or concurrent worker's chunk is never stored twice, and a hold takes effect at the next chunk
 * (held, stopped or moved on by another worker: nothing stored, the loop reads the bulk again).
 */
export async function storeChunk(
  deps: ChunkDeps,
  b: { bulk_uuid: string; user_uuid: string | null },
  chunk: Prepared,
): Promise<{ outbound: OutboundMessage[]; heldForBalance: boolean }> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('bulks')
        .set({ cursor: chunk.last })
        .where('bulk_uuid', '=', b.bulk_uuid)
        .where('cursor', '=', chunk.cursor)
        .where('status', '=', 'running')
        .returning('cursor')
        .executeTakeFirst();
      if (!moved) return { outbound: [], heldForBalance: false };
      // Only what the balance covers now: the job holds at the first message it cannot pay for, instead
      // of storing the rest blocked; that message and those after it go out after a top-up.
      const amounts = chunk.judged.map(holdOf);
      const { paid, spend } = await affordablePrefix(trx, { company_uuid: chunk.company.company_uuid }, amounts);
      // ...and only what the company's spend limits allow: past them the job holds itself the same way (the
      // spend that lock read lets the check answer without a read of its own when far from the limits)
      const allowed = chunk.judged.some((j) => j.limited)
        ? withinRoom(
            amounts,
            await deps.messaging.guards.spendRoom(
              trx,
              chunk.company.company_uuid,
              amounts.reduce((a, b) => a + b, 0n),
              spend ?? undefined,
            ),
          )
        : amounts.length;
      const fit = Math.min(paid, allowed);
      const heldForBalance = fit < chunk.judged.length;
      const judged = chunk.judged.slice(0, fit);
      if (heldForBalance)
        await trx
          .updateTable('bulks')
          .set({
            cursor: fit ? (judged[fit - 1].item.bulk as { seq: number }).seq : chunk.cursor,
            status: 'held',
            hold_reason: allowed < paid ? 'spend_limit' : 'balance',
          })
          .where('bulk_uuid', '=', b.bulk_uuid)
          .execute();
      const stored = judged.length ? await deps.messaging.pipeline.store(trx, chunk.company, b.user_uuid, judged) : [];
      return { outbound: stored.flatMap((s) => (s.outbound ? [s.outbound] : [])), heldForBalance };
    });
  } catch (e) {
    if (!(e instanceof AlreadyStored)) throw e;
    // The cursor lagged behind stored messages (a database restored from before a crash?): skip to the last stored one.
    deps.log.warn(
      { bulk_uuid: b.bulk_uuid, err: e.message },
      'bulk messages stored before; moving the cursor past them',
    );
    await sql`update bulks set cursor = greatest(cursor, (select max(s.bulk_seq) from ${smsRows} s where s.bulk_uuid = ${b.bulk_uuid})) where bulk_uuid = ${b.bulk_uuid}`.execute(
      deps.db,
    );
    return { outbound: [], heldForBalance: false };
  }
}
