// The card charger port: auto-recharge charges a saved card through it, off session (no cardholder at hand).
// Stripe's when STRIPE_SECRET_KEY is set; the offline one otherwise and in tests. Every charge carries an
// idempotency key, so a retried job never charges twice for one attempt.
import { createHash } from 'node:crypto';
import Stripe from 'stripe';

export interface ChargeInput {
  customer_id: string | null;
  payment_method_id: string;
  /** micro-units of `currency` */
  amount: bigint;
  currency: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}
export type ChargeResult = { ok: true; ref: string } | { ok: false; ref: string | null; message: string };

export interface CardCharger {
  readonly provider: 'stripe' | 'test';
  /** answers a declined card as { ok: false }; throws when it cannot tell (a network error): retry with the same key */
  charge(input: ChargeInput): Promise<ChargeResult>;
}

/** The offline test card numbers: this one saves fine and declines every charge. */
export const DECLINING_TEST_CARD = '4000000000000002';
export const TEST_DECLINE_PREFIX = 'pm_test_decline_';

const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'HUF', 'TWD', 'UGX']);
/** Micro-units as the provider's minor units (cents; whole units for zero-decimal currencies). */
export function minorUnits(amount: bigint, currency: string): number {
  return Number(amount / (ZERO_DECIMAL.has(currency.toUpperCase()) ? 1_000_000n : 10_000n));
}

/** Charges nothing: a test payment method answers by its id (the declining card's fails). */
export class OfflineCharger implements CardCharger {
  readonly provider = 'test' as const;
  async charge(input: ChargeInput): Promise<ChargeResult> {
    const ref = `pi_test_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    if (input.payment_method_id.startsWith(TEST_DECLINE_PREFIX))
      return { ok: false, ref, message: 'Your card was declined (test card).' };
    return { ok: true, ref };
  }
}

export class StripeCharger implements CardCharger {
  readonly provider = 'stripe' as const;
  constructor(private readonly stripe: Stripe) {}

  async charge(input: ChargeInput): Promise<ChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: minorUnits(input.amount, input.currency),
          currency: input.currency.toLowerCase(),
          customer: input.customer_id ?? undefined,
          payment_method: input.payment_method_id,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (pi.status === 'succeeded') return { ok: true, ref: pi.id };
      // e.g. requires_action: the bank wants the cardholder, who is not there for an off-session charge
      return { ok: false, ref: pi.id, message: `The card needs its holder to confirm the payment (${pi.status}).` };
    } catch (e) {
      if (e instanceof Stripe.errors.StripeCardError)
        return { ok: false, ref: e.payment_intent?.id ?? null, message: e.message };
      throw e;
    }
  }
}
