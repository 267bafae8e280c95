// Abandoned checkouts: a card or PayPal payment waits for its provider session, which expires. Past that
// time nobody can pay through it, so it is 'expired', not pending forever. Lists read the expiry as they
// go (paymentStatus), and a sweep stores it; both are idempotent, so every node may run the sweep.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Stripe's shortest Checkout Session lifetime is 30 minutes; a PayPal order waits about 3 hours for approval. */
export const CHECKOUT_LIFETIME_MINUTES = { card: 30, paypal: 180 } as const;

export const checkoutExpiry = (method: 'card' | 'paypal', from = new Date()) =>
  new Date(from.getTime() + CHECKOUT_LIFETIME_MINUTES[method] * 60_000);

/** The payment's status as a customer should read it, for the payments alias `p`. */
export const paymentStatus = sql<string>`(case when p.status = 'pending' and p.expires_on <= now() then 'expired' else p.status end)`;

/** Stores 'expired' on pending payments past their session's expiry; answers how many. */
export async function expireAbandonedPayments(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .updateTable('payments')
    .set({ status: 'expired' })
    .where('status', '=', 'pending')
    .where('expires_on', '<=', new Date())
    .returning('payment_uuid')
    .execute();
  return rows.length;
}

/** A once-a-minute sweep for this process (unref'd: it never keeps the process up). */
export function startExpirySweep(app: FastifyInstance, everyMs = 60_000) {
  const timer = setInterval(() => {
    expireAbandonedPayments(app.db).catch((e) => app.log.warn({ err: e }, 'payment expiry sweep failed'));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
