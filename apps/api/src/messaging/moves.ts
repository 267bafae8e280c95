// An outgoing message's moves after it is stored: handed to the gateway (sent or failed), then moved forward
// by reports and cancels, its charge settled or released in the same transaction.
import { sql, type Kysely } from 'kysely';
import type { SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { settle, release, type CatalogSource } from '../billing';
import { chargeResellers } from './wholesale';
import { chargeMemo, movableFrom, settlementFor } from './engine/state';
import { markSent } from './batch';
import type { GatewayAdapter, OutboundMessage } from '../lib/sms-gateway';

export class MessageMoves {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: GatewayAdapter,
    /** the platform's prices, for the reseller's wholesale charge beside the company's (billing/wholesale.ts) */
    private readonly catalog: CatalogSource,
  ) {}

  /** Hands a queued message to the gateway: accepted → sent; refused → failed and the hold released. */
  async submit(sms_uuid: string, known?: OutboundMessage): Promise<void> {
    const m =
      known ??
      (await this.db
        .selectFrom('sms')
        .select(['sms_uuid', 'ani', 'dnis', 'text', 'segments', 'encoding', 'vendor_product_uuid'])
        .where('sms_uuid', '=', sms_uuid)
        .executeTakeFirstOrThrow());
    let smsc_id: string;
    try {
      smsc_id = (await this.gateway.submit(m)).smsc_id;
    } catch (e) {
      await this.move(sms_uuid, 'failed', `The gateway refused the message: ${(e as Error).message}`);
      return;
    }
    // A fast report may already have moved it on: the later state stays, the link is recorded.
    await markSent(this.db, [{ sms_uuid, smsc_id }], await this.catalog());
  }

  /**
   * Moves an outgoing message forward (delivery reports, gateway refusals, cancel) and settles or
   * releases its charge in the same transaction. A move that is not forward changes nothing (moved: false).
   */
  async move(
    sms_uuid: string,
    to: SmsStatus,
    message?: string | null,
  ): Promise<{ moved: boolean; status: SmsStatus | null }> {
    // read before the transaction opens (see CatalogSource)
    const prices = await this.catalog();
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const set: Record<string, unknown> = { status: to };
      if (message !== undefined) set.status_message = message;
      if (to === 'sent') set.sent_on = now;
      if (to === 'delivered' || to === 'undelivered' || to === 'failed') set.delivered_on = now;
      const row = await trx
        .updateTable('sms')
        .set(set)
        .where('sms_uuid', '=', sms_uuid)
        .where('is_received', '=', false)
        .where('status', 'in', movableFrom(to))
        .returning(['reservation_uuid', sql<string | null>`price::text`.as('price'), 'status', 'charge_basis'])
        .executeTakeFirst();
      if (!row) {
        const current = await trx
          .selectFrom('sms')
          .select('status')
          .where('sms_uuid', '=', sms_uuid)
          .executeTakeFirst();
        return { moved: false, status: current?.status ?? null };
      }
      const action = settlementFor(to, row.charge_basis);
      if (row.reservation_uuid && action === 'settle') {
        await settle(trx, {
          reservation_uuid: row.reservation_uuid,
          charge: BigInt(row.price ?? '0'),
          cause_type: 'sms',
          cause_id: sms_uuid,
          memo: chargeMemo(row.charge_basis),
        });
        await chargeResellers(trx, [sms_uuid], prices);
      } else if (row.reservation_uuid && action === 'release') {
        await release(trx, row.reservation_uuid);
      }
      return { moved: true, status: to };
    });
  }
}
