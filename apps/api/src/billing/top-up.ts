import { topUpLimit } from '@smsc/shared-contract';
import { FieldError } from '../lib/http-error';
import { amountRangeWords } from '../lib/validation-words';
import { parseMoney } from '../lib/money';
import { positiveAmount } from './payments-routes';

/** A card or PayPal top-up: a positive amount with cents, inside the currency's limits (topUpLimit), or a 400. */
export function topUpAmount(text: string, currency: string): bigint {
  const micro = positiveAmount(text, 2);
  const limit = topUpLimit(currency);
  if (micro < parseMoney(limit.min)) throw new FieldError({ amount: amountRangeWords('min', limit.min, currency) });
  if (micro > parseMoney(limit.max)) throw new FieldError({ amount: amountRangeWords('max', limit.max, currency) });
  return micro;
}
