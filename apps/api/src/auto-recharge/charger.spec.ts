import Stripe from 'stripe';
import { OfflineCharger, StripeCharger, minorUnits, TEST_DECLINE_PREFIX, type ChargeInput } from './charger';

const input: ChargeInput = {
  customer_id: 'cus_1',
  payment_method_id: 'pm_1',
  amount: 20_000_000n,
  currency: 'USD',
  idempotencyKey: 'auto-recharge:a1',
  description: 'SMSC balance auto-recharge',
  metadata: { attempt_uuid: 'a1' },
};

/** A Stripe whose paymentIntents.create answers what the test says, recording its arguments. */
function fakeStripe(answer: () => Promise<unknown>) {
  const calls: unknown[][] = [];
  const stripe = {
    paymentIntents: {
      create: (...args: unknown[]) => {
        calls.push(args);
        return answer();
      },
    },
  } as unknown as Stripe;
  return { stripe, calls };
}

describe('card chargers', () => {
  it('Stripe: one PaymentIntent created and confirmed off session, in cents, with the idempotency key', async () => {
    const { stripe, calls } = fakeStripe(async () => ({ id: 'pi_1', status: 'succeeded' }));
    expect(await new StripeCharger(stripe).charge(input)).toEqual({ ok: true, ref: 'pi_1' });
    expect(calls).toEqual([
      [
        expect.objectContaining({
          amount: 2000,
          currency: 'usd',
          customer: 'cus_1',
          payment_method: 'pm_1',
          off_session: true,
          confirm: true,
        }),
        { idempotencyKey: 'auto-recharge:a1' },
      ],
    ]);
  });

  it('Stripe: a declined card is an answer, a bank that wants the holder too; a network error is thrown (retry)', async () => {
    const declined = new Stripe.errors.StripeCardError({
      type: 'card_error',
      message: 'Your card was declined.',
      payment_intent: { id: 'pi_2' } as Stripe.PaymentIntent,
    });
    const a = fakeStripe(() => Promise.reject(declined));
    expect(await new StripeCharger(a.stripe).charge(input)).toEqual({
      ok: false,
      ref: 'pi_2',
      message: 'Your card was declined.',
    });
    const b = fakeStripe(async () => ({ id: 'pi_3', status: 'requires_action' }));
    expect(await new StripeCharger(b.stripe).charge(input)).toMatchObject({ ok: false, ref: 'pi_3' });
    const c = fakeStripe(() => Promise.reject(new Stripe.errors.StripeConnectionError({ message: 'down' })));
    await expect(new StripeCharger(c.stripe).charge(input)).rejects.toThrow('down');
  });

  it('offline: the declining test method declines; the same key answers the same reference', async () => {
    const offline = new OfflineCharger();
    const paid = await offline.charge(input);
    expect(paid).toMatchObject({ ok: true });
    expect(await offline.charge(input)).toEqual(paid);
    expect(await offline.charge({ ...input, payment_method_id: `${TEST_DECLINE_PREFIX}x` })).toMatchObject({
      ok: false,
      message: 'Your card was declined (test card).',
    });
  });

  it('minor units: cents, or whole units for a zero-decimal currency', () => {
    expect(minorUnits(12_340_000n, 'EUR')).toBe(1234);
    expect(minorUnits(500_000_000n, 'JPY')).toBe(500);
  });
});
