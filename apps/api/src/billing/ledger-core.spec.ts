import { available, canReserve, checkPosting, crossedBelow, LedgerRuleError, ledgerSum } from './ledger-core';
import { formatMoney, parseMoney } from '../lib/money';

describe('ledger rules (pure)', () => {
  it('keeps each kind on its side of zero', () => {
    expect(checkPosting('payment', 5n)).toBe(5n);
    expect(checkPosting('sms_charge', -5n)).toBe(-5n);
    expect(checkPosting('adjustment', -5n)).toBe(-5n);
    expect(() => checkPosting('payment', -5n)).toThrow(LedgerRuleError);
    expect(() => checkPosting('refund', -1n)).toThrow(LedgerRuleError);
    expect(() => checkPosting('sms_charge', 5n)).toThrow(LedgerRuleError);
    expect(() => checkPosting('did_fee', 1n)).toThrow(LedgerRuleError);
    expect(() => checkPosting('adjustment', 0n)).toThrow(LedgerRuleError);
    expect(() => checkPosting('bonus' as never, 1n)).toThrow(LedgerRuleError);
  });

  it('lets prepay spend only the balance left after holds, postpay down to its credit limit', () => {
    const prepay = { balance: 1_000n, reserved: 300n, credit_limit: 5_000n, prepay: true };
    expect(available(prepay)).toBe(700n);
    expect(canReserve(prepay, 700n)).toBe(true);
    expect(canReserve(prepay, 701n)).toBe(false);
    const postpay = { ...prepay, prepay: false };
    expect(available(postpay)).toBe(5_700n);
    expect(canReserve(postpay, 5_700n)).toBe(true);
    expect(canReserve(postpay, 5_701n)).toBe(false);
    expect(canReserve({ balance: -100n, reserved: 0n, credit_limit: 0n, prepay: false }, 1n)).toBe(false);
    expect(canReserve(prepay, 0n)).toBe(false);
  });

  it('has no drift over 1,000,000 charges of 0.0035 (a float sum does drift)', () => {
    const price = parseMoney('0.0035');
    let balance = parseMoney('10000');
    let floatBalance = 10000;
    for (let i = 0; i < 1_000_000; i++) {
      balance += checkPosting('sms_charge', -price);
      floatBalance -= 0.0035;
    }
    expect(balance).toBe(parseMoney('6500'));
    expect(formatMoney(balance)).toBe('6500.00');
    // The reason money is never a float: the same sum in doubles is off.
    expect(floatBalance).not.toBe(6500);
    expect(ledgerSum([parseMoney('10000'), ...Array.from({ length: 1000 }, () => -price)])).toBe(parseMoney('9996.5'));
  });

  it('signals a low balance once, on the posting that crosses the threshold', () => {
    expect(crossedBelow(1_000n, 999n, 1_000n)).toBe(true);
    expect(crossedBelow(999n, 500n, 1_000n)).toBe(false);
    expect(crossedBelow(2_000n, 1_000n, 1_000n)).toBe(false);
    expect(crossedBelow(2_000n, 0n, null)).toBe(false);
  });
});
