import { byCountry, countChanges, diffDeck, type DeckLine, type DeckRate } from './deck-diff';
import { bookAfter, bookOf, marginImpact, type TrafficMessage } from './deck-impact';
import { increasesFrom, rowDate } from './notice-rules';

const rate = (code: string, price: string, country_name: string | null): DeckRate => ({
  code,
  mobile_network_uuid: null,
  country_name,
  price,
});
const line = (code: string, price: string, country_name: string | null): DeckLine => ({
  ...rate(code, price, country_name),
  effective_from: null,
});

// France 331 and 332, Germany 491 and 492, and one code with no country
const current = [
  rate('331', '0.010', 'France'),
  rate('332', '0.020', 'France'),
  rate('491', '0.030', 'Germany'),
  rate('492', '0.040', 'Germany'),
  rate('999', '0.050', null),
];
// a file that holds France only: 331 up, 332 down, 333 new
const file = [line('331', '0.0110', 'France'), line('332', '0.019', 'France'), line('333', '0.5', 'France')];

describe('deck diff', () => {
  const changesOf = (kind: 'az' | 'country' | 'partial') =>
    Object.fromEntries(diffDeck(current, file, kind).map((r) => [r.code, r.change]));

  it('a partial deck leaves the codes it does not hold alone', () => {
    expect(changesOf('partial')).toEqual({ '331': 'increased', '332': 'decreased', '333': 'added' });
  });

  it('a per-country deck closes the missing codes of its countries only', () => {
    const france = [line('331', '0.010', 'France')];
    const rows = diffDeck(current, france, 'country');
    expect(Object.fromEntries(rows.map((r) => [r.code, r.change]))).toEqual({ '331': 'unchanged', '332': 'closed' });
  });

  it('an A–Z deck closes every code it does not hold, with its old price', () => {
    const rows = diffDeck(current, file, 'az');
    expect(countChanges(rows)).toEqual({ added: 1, increased: 1, decreased: 1, closed: 3, unchanged: 0 });
    expect(rows.find((r) => r.code === '492')).toMatchObject({ change: 'closed', old_price: '0.040', new_price: null });
    expect(byCountry(rows).map((c) => [c.country_name, c.added, c.increased, c.decreased, c.closed])).toEqual([
      ['France', 1, 1, 1, 0],
      ['Germany', 0, 0, 0, 2],
      ['Unknown', 0, 0, 0, 1],
    ]);
  });
});

describe('margin impact', () => {
  const msg = (digits: string, segments: number, side: TrafficMessage['side'], product: string): TrafficMessage => ({
    digits,
    network: null,
    segments,
    product_uuid: product,
    reseller_uuid: null,
    side,
    price: 100_000 * segments,
    cost: 10_000 * segments,
    wholesale: 0,
  });

  it('equals (new − old) × parts per message, summed per product; a cost rise lowers the margin', () => {
    const before = bookOf(current);
    const rows = diffDeck(current, file, 'az');
    const after = bookAfter(before, rows);
    const traffic = [
      msg('33123456789', 2, 'price', 'P1'), // 0.010 → 0.011: +1000 × 2
      msg('33298765432', 1, 'price', 'P1'), // 0.020 → 0.019: −1000
      msg('49212345678', 3, 'price', 'P2'), // closed, nothing shorter: unpriced
      msg('44123456789', 1, 'price', 'P2'), // not in the deck: not its traffic
    ];
    const impact = marginImpact(traffic, before, after, false);
    // recomputed by hand from the rows above
    expect(impact).toEqual([
      {
        product_uuid: 'P1',
        reseller_uuid: null,
        messages: 2,
        parts: 3,
        margin_before: 270_000,
        margin_change: 1000,
        unpriced: 0,
      },
      {
        product_uuid: 'P2',
        reseller_uuid: null,
        messages: 1,
        parts: 3,
        margin_before: 270_000,
        margin_change: 0,
        unpriced: 1,
      },
    ]);
    const cost = marginImpact([msg('33123456789', 2, 'cost', 'P1')], before, after, true);
    expect(cost[0].margin_change).toBe(-2000);
  });

  it('a shorter code takes over a closed longer one', () => {
    const before = bookOf([rate('44', '0.010', 'UK'), rate('447', '0.020', 'UK')]);
    const rows = diffDeck([rate('44', '0.010', 'UK'), rate('447', '0.020', 'UK')], [line('44', '0.010', 'UK')], 'az');
    const after = bookAfter(before, rows);
    expect(marginImpact([msg('447700900123', 1, 'price', 'P')], before, after, false)[0].margin_change).toBe(-10_000);
  });
});

describe('notice dates', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  it('holds increases back to the longest notice; decreases and new codes go when asked', () => {
    const inc = increasesFrom(now, now, [7, 14]);
    expect(inc.toISOString()).toBe('2026-12-15T10:00:00.000Z');
    expect(increasesFrom(now, now, []).toISOString()).toBe(now.toISOString());
    expect(rowDate({ change: 'increased', effective_from: null }, now, inc)).toEqual(inc);
    expect(rowDate({ change: 'closed', effective_from: null }, now, inc)).toEqual(inc);
    expect(rowDate({ change: 'decreased', effective_from: null }, now, inc)).toEqual(now);
    const later = new Date('2027-01-01T00:00:00Z');
    expect(rowDate({ change: 'added', effective_from: later }, now, inc)).toEqual(later);
  });
});
