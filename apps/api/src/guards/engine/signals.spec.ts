import { DEFAULT_THRESHOLDS } from './pumping';
import {
  destinationOf,
  isPremium,
  isUnusual,
  ShareWindows,
  suspectDestinations,
  type CompanyBaseline,
  type ShareEntry,
} from './destination-share';
import { looksLikeOtp, lowConversion, OtpWindows } from './otp-conversion';

const ON = { ...DEFAULT_THRESHOLDS, enabled: true, sharePercent: 50, shareMinMessages: 20, baselineMinMessages: 50 };
/** a company that sent 500 messages to US and UK mobiles at 0.01 a part (its product's median) */
const usual: CompanyBaseline = {
  medianPartMicros: 10_000,
  destinations: new Set(['+1415', '+1650', '+4477']),
  messages: 500,
  premiumMessages: 5,
};
const msg = (e164: string, partMicros = 10_000, at = 0): ShareEntry => ({ at, e164, partMicros });
/** n numbers of a destination, far apart (not a run of adjacent numbers) */
const spread = (dest: string, n: number, part = 10_000) =>
  Array.from({ length: n }, (_, i) => msg(`${dest}${String(1_000_000 + i * 7_919).padStart(7, '0')}`, part));

describe('guard engine: share of premium or unusual destinations', () => {
  it('names destinations by their first digits; premium by price against the median or by flag', () => {
    expect(destinationOf('+998901234567', 4)).toBe('+9989');
    expect(isPremium('+14155550100', 29_999, usual, ON)).toBe(false);
    expect(isPremium('+998901234567', 30_000, usual, ON)).toBe(true);
    expect(isPremium('+88216000000', 1, usual, { ...ON, premiumPrefixes: ['+882'] })).toBe(true);
    // no rates: price says nothing
    expect(isPremium('+998901234567', 90_000, { ...usual, medianPartMicros: null }, ON)).toBe(false);
    expect(isUnusual('+9989', usual, ON)).toBe(true);
    expect(isUnusual('+1415', usual, ON)).toBe(false);
    // a company without enough history has no usual yet
    expect(isUnusual('+9989', { ...usual, messages: 10 }, ON)).toBe(false);
  });

  it('a normal campaign to its usual destinations is not held; a jump to premium or new ones is', () => {
    const normal = [...spread('+1415', 30), ...spread('+1650', 20), ...spread('+4477', 10)];
    expect(suspectDestinations(normal, usual, ON)).toEqual([]);
    // pumped: 40 expensive messages to a country the company never served, 20 to its usual
    const pumped = [...spread('+1415', 20), ...spread('+99890', 30, 80_000), ...spread('+99893', 10, 80_000)];
    expect(suspectDestinations(pumped, usual, ON)).toEqual(['+9989']);
    // a few to a new destination among many usual ones is a share under the threshold
    expect(suspectDestinations([...normal, ...spread('+3361', 8)], usual, ON)).toEqual([]);
    // too few messages to judge
    expect(suspectDestinations(pumped.slice(0, 15), usual, ON)).toEqual([]);
    expect(suspectDestinations(pumped, usual, { ...ON, enabled: false })).toEqual([]);
  });

  it('premium is a jump only: a company whose usual traffic is premium is judged on new destinations alone', () => {
    const pricey: CompanyBaseline = { ...usual, premiumMessages: 400, destinations: new Set(['+9989']) };
    expect(suspectDestinations(spread('+9989', 40, 80_000), pricey, ON)).toEqual([]);
    expect(suspectDestinations(spread('+9989', 40, 80_000), usual, ON)).toEqual(['+9989']);
    // a new company (no history): premium still counts, unusual does not
    const fresh: CompanyBaseline = {
      medianPartMicros: 10_000,
      destinations: new Set(),
      messages: 0,
      premiumMessages: 0,
    };
    expect(suspectDestinations(spread('+4477', 40), fresh, ON)).toEqual([]);
    expect(suspectDestinations(spread('+8821', 40, 50_000), fresh, ON)).toEqual(['+8821']);
  });

  it('windows roll, forget a released destination and keep nothing when off', () => {
    const w = new ShareWindows();
    expect(
      w.add(
        'c1',
        spread('+9989', 10).map((m) => ({ ...m, at: 0 })),
        ON,
        0,
      ),
    ).toHaveLength(10);
    expect(
      w.add(
        'c1',
        spread('+1415', 5).map((m) => ({ ...m, at: 1000 })),
        ON,
        1000,
      ),
    ).toHaveLength(15);
    w.forget('c1', '+9989');
    expect(w.add('c1', [], ON, 2000)).toHaveLength(5);
    // ten minutes on, all of it has left the window
    expect(w.add('c1', [], ON, 1000 + 601_000)).toHaveLength(0);
    expect(w.add('c2', spread('+9989', 10), { ...ON, enabled: false }, 0)).toEqual([]);
  });
});

describe('guard engine: one-time-code conversion', () => {
  const T = { ...ON, otpMinMessages: 10, otpConfirmPercent: 50, otpGraceSeconds: 60 };

  it('tells a one-time code from other texts with digits', () => {
    expect(looksLikeOtp('Your verification code is 482913')).toBe(true);
    expect(looksLikeOtp('123-456 is your Acme code')).toBe(true);
    expect(looksLikeOtp('Tu código es 4821')).toBe(true);
    expect(looksLikeOtp('Your OTP: 90817')).toBe(true);
    expect(looksLikeOtp('Autumn sale: 20% off until 2026-12-01')).toBe(false);
    expect(looksLikeOtp('Order 55120931 has shipped')).toBe(false);
    expect(looksLikeOtp('Never share your password with anyone')).toBe(false);
    expect(looksLikeOtp('Your code costs 1234.50')).toBe(false);
  });

  it('low conversion needs enough codes and too few confirmed', () => {
    expect(lowConversion(12, 1, T)).toBe(true);
    expect(lowConversion(12, 6, T)).toBe(false);
    expect(lowConversion(9, 0, T)).toBe(false);
  });

  it('codes are judged after their grace, not again at once, and not after release', () => {
    const w = new OtpWindows();
    for (let i = 0; i < 12; i++) w.add('c1', '+9989', `id${i}`, T, i * 1000);
    // none is a minute old yet
    expect(w.due('c1', '+9989', T, 30_000)).toEqual([]);
    const due = w.due('c1', '+9989', T, 72_000);
    expect(due).toHaveLength(12);
    expect(w.due('c1', '+9989', T, 72_500)).toEqual([]);
    expect(w.due('c2', '+9989', T, 72_000)).toEqual([]);
    w.forget('c1', '+9989');
    expect(w.due('c1', '+9989', T, 80_000)).toEqual([]);
    // out of the window they no longer count
    for (let i = 0; i < 12; i++) w.add('c1', '+1415', `x${i}`, T, 0);
    expect(w.due('c1', '+1415', T, 700_000)).toEqual([]);
  });
});
