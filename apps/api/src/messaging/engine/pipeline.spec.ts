import type { Quote } from '../../catalog/engine';
import { available, canReserve } from '../../billing/ledger-core';
import { blockStatus, decide, priceOf, type SendFacts } from './pipeline';
import { countSegments } from './segments';
import { canMove, dlrStatus, movableFrom, settlementFor } from './state';

const priced: Quote = {
  ok: true,
  network: { mobile_network_uuid: 'n1', network_name: 'Telekom', iso3: 'DEU' },
  price: '0.012000',
  priceMicros: 12_000,
  chargeBasis: 'delivery',
  vendorProductUuid: 'vp1',
  vendorProductName: 'Route Co Standard',
  cost: '0.006000',
  costMicros: 6_000,
  margin: '0.006000',
  marginMicros: 6_000,
  routes: [
    {
      vendorProductUuid: 'vp1',
      vendorProductName: 'Route Co Standard',
      cost: '0.006000',
      pinned: false,
      demoted: false,
    },
  ],
};
const ok: SendFacts = {
  senderAllowed: true,
  destination: '+14155550111',
  suppressed: false,
  filterHit: null,
  segments: 1,
  encoding: 'GSM-7',
  quote: priced,
};
const reasonOf = (f: Partial<SendFacts>) => {
  const d = decide({ ...ok, ...f }, '+1 415 555 0111', '+12125552301');
  return d.ok ? 'ok' : d.reason;
};

describe('pipeline decision', () => {
  it('passes a message with a sender, a number, no block and a priced route', () => {
    const d = decide(ok, '+14155550111', '+12125552301');
    expect(d).toMatchObject({
      ok: true,
      unitPrice: 12_000n,
      price: 12_000n,
      cost: 6_000n,
      vendorProductName: 'Route Co Standard',
      mobileNetworkName: 'Telekom',
    });
  });

  it('names each block reason, in pipeline order', () => {
    expect(reasonOf({ senderAllowed: false })).toBe('bad_sender');
    expect(reasonOf({ destination: null })).toBe('bad_number');
    expect(reasonOf({ template: { ok: false, message: 'Template not approved' } })).toBe('bad_template');
    expect(reasonOf({ suppressed: true })).toBe('suppressed');
    expect(reasonOf({ filterHit: 'OPT OUT' })).toBe('filtered');
    expect(reasonOf({ quote: null })).toBe('no_price');
    expect(reasonOf({ quote: { ok: false, reason: 'no_price', network: null } })).toBe('no_price');
    expect(reasonOf({ quote: { ok: false, reason: 'no_route', network: null } })).toBe('no_route');
    expect(reasonOf({ available: 11_999n })).toBe('no_money');
    expect(reasonOf({ available: 12_000n })).toBe('ok');
    // the first failing check wins
    expect(reasonOf({ senderAllowed: false, destination: null, suppressed: true })).toBe('bad_sender');
    expect(reasonOf({ suppressed: true, filterHit: 'STOP', quote: null })).toBe('suppressed');
  });

  it('says the reason in words and answers a 4xx for each', () => {
    const d = decide({ ...ok, suppressed: true }, '+14155550111', '+12125552301');
    expect(d).toMatchObject({
      ok: false,
      message: expect.stringContaining('+14155550111 is on your suppression list'),
    });
    const money = decide({ ...ok, segments: 3, available: 20_000n }, 'x', 'y');
    expect(money).toMatchObject({
      ok: false,
      reason: 'no_money',
      message: 'Not enough balance: the message costs 0.036 USD and 0.02 USD is available',
    });
    expect(['bad_sender', 'bad_number', 'bad_template'].map((r) => blockStatus(r as never))).toEqual([400, 400, 400]);
    expect(blockStatus('no_money')).toBe(402);
    expect(blockStatus('suppressed')).toBe(422);
  });

  it('prices per part: three GSM parts cost three times one, exactly in micro-units', () => {
    const segs = countSegments('a'.repeat(307));
    expect(segs).toMatchObject({ segments: 3, encoding: 'GSM-7' });
    const p = priceOf(priced as Extract<Quote, { ok: true }>, segs.segments);
    expect([p.unitPrice, p.price, p.unitCost, p.cost]).toEqual([12_000n, 36_000n, 6_000n, 18_000n]);
    // a million 0.0035 charges sum exactly
    const odd = priceOf({ ...(priced as Extract<Quote, { ok: true }>), priceMicros: 3_500 }, 1);
    expect(odd.price * 1_000_000n).toBe(3_500_000_000n);
  });

  it('reserve, settle and release arithmetic: a hold counts against what is available; release gives it back', () => {
    let acc = { balance: 120_000n, reserved: 0n, credit_limit: 0n, prepay: true };
    const price = 12_000n;
    let sent = 0;
    for (let i = 0; i < 15; i++)
      if (canReserve(acc, price)) {
        acc = { ...acc, reserved: acc.reserved + price };
        sent++;
      }
    expect(sent).toBe(10);
    expect(available(acc)).toBe(0n);
    // delivered: settle charges the balance and frees the hold; failed: release only frees the hold
    acc = { ...acc, balance: acc.balance - price, reserved: acc.reserved - price };
    acc = { ...acc, reserved: acc.reserved - price };
    expect(acc).toMatchObject({ balance: 108_000n, reserved: 96_000n });
    expect(available(acc)).toBe(12_000n);
    // postpay: the credit limit extends what can be spent
    expect(canReserve({ balance: 0n, reserved: 0n, credit_limit: 12_000n, prepay: false }, price)).toBe(true);
    expect(canReserve({ balance: 0n, reserved: 0n, credit_limit: 12_000n, prepay: true }, price)).toBe(false);
  });
});

describe('message states', () => {
  it('moves forward only, each move once', () => {
    expect(canMove('queued', 'sent')).toBe(true);
    expect(canMove('sent', 'delivered')).toBe(true);
    expect(canMove('queued', 'delivered')).toBe(true);
    expect(canMove('delivered', 'undelivered')).toBe(false);
    expect(canMove('undelivered', 'delivered')).toBe(false);
    expect(canMove('sent', 'sent')).toBe(false);
    expect(canMove('delivered', 'sent')).toBe(false);
    expect(canMove('scheduled', 'cancelled')).toBe(true);
    expect(canMove('queued', 'cancelled')).toBe(false);
    expect(movableFrom('delivered').sort()).toEqual(['queued', 'scheduled', 'sent']);
    expect(movableFrom('sent').sort()).toEqual(['queued', 'scheduled']);
  });

  it('reads Kannel DLR types and settles delivered, refunds the rest', () => {
    expect([1, 2, 4, 8, 16].map(dlrStatus)).toEqual(['delivered', 'undelivered', null, 'sent', 'failed']);
    expect(settlementFor('delivered')).toBe('settle');
    expect(settlementFor('undelivered')).toBe('release');
    expect(settlementFor('failed')).toBe('release');
    expect(settlementFor('sent')).toBeNull();
  });

  it('on submit: the carrier accepting it settles; only a refusal before any carrier releases', () => {
    const on = (s: Parameters<typeof settlementFor>[0]) => settlementFor(s, 'submit');
    expect(['sent', 'delivered', 'undelivered'].map((s) => on(s as never))).toEqual(['settle', 'settle', 'settle']);
    expect(['failed', 'blocked', 'cancelled'].map((s) => on(s as never))).toEqual(['release', 'release', 'release']);
    expect(on('queued')).toBeNull();
  });
});
