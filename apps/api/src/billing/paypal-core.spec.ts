import { verifyCapture, type CapturedOrder } from './paypal-core';
import { parseMoney } from '../lib/money';

const want = { order_id: 'ORDER-1', reference: 'pay-1', amount: parseMoney('12.50'), currency: 'USD' };
const good = (): CapturedOrder => ({
  id: 'ORDER-1',
  status: 'COMPLETED',
  purchaseUnits: [
    {
      referenceId: 'pay-1',
      customId: 'pay-1',
      payments: {
        captures: [
          { id: 'CAP-1', status: 'COMPLETED', amount: { currencyCode: 'USD', value: '12.50' }, customId: 'pay-1' },
        ],
      },
    },
  ],
});

describe('PayPal capture verification', () => {
  it('accepts our completed order with one completed capture of the exact amount (12.5 = 12.50)', () => {
    expect(verifyCapture(good(), want)).toEqual({ ok: true, capture_id: 'CAP-1' });
    const o = good();
    o.purchaseUnits![0].payments!.captures![0].amount!.value = '12.5';
    expect(verifyCapture(o, want)).toEqual({ ok: true, capture_id: 'CAP-1' });
  });

  it.each<[string, (o: CapturedOrder) => void, RegExp]>([
    [
      'another order',
      (o) => {
        o.id = 'ORDER-2';
      },
      /another order/,
    ],
    [
      'an order not completed',
      (o) => {
        o.status = 'APPROVED';
      },
      /APPROVED, not COMPLETED/,
    ],
    [
      'a pending capture',
      (o) => {
        o.purchaseUnits![0].payments!.captures![0].status = 'PENDING';
      },
      /capture is PENDING/,
    ],
    [
      'a smaller amount',
      (o) => {
        o.purchaseUnits![0].payments!.captures![0].amount!.value = '12.49';
      },
      /amount differs/,
    ],
    [
      'a garbled amount',
      (o) => {
        o.purchaseUnits![0].payments!.captures![0].amount!.value = 'lots';
      },
      /amount differs/,
    ],
    [
      'another currency',
      (o) => {
        o.purchaseUnits![0].payments!.captures![0].amount!.currencyCode = 'EUR';
      },
      /in EUR, not USD/,
    ],
    [
      'another reference',
      (o) => {
        o.purchaseUnits![0].referenceId = 'pay-2';
      },
      /reference/,
    ],
    [
      'a capture for another reference',
      (o) => {
        o.purchaseUnits![0].payments!.captures![0].customId = 'pay-2';
      },
      /reference/,
    ],
    [
      'no capture',
      (o) => {
        o.purchaseUnits![0].payments = {};
      },
      /exactly one capture/,
    ],
    [
      'two purchase units',
      (o) => {
        o.purchaseUnits!.push(o.purchaseUnits![0]);
      },
      /exactly one purchase unit/,
    ],
  ])('refuses %s', (_name, forge, reason) => {
    const o = good();
    forge(o);
    const v = verifyCapture(o, want);
    expect(v.ok).toBe(false);
    expect(!v.ok && v.reason).toMatch(reason);
  });
});
