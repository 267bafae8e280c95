import type { Kysely } from 'kysely';
import { topUpLimit } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { FieldError, HttpError } from '../lib/http-error';
import { amountRangeWords } from '../lib/validation-words';
import { parseMoney } from '../lib/money';
import { positiveAmount } from './payments-routes';
import { accountsRepository } from '../accounts';

/** A card or PayPal top-up: a positive amount with cents, inside the currency's limits (topUpLimit), or a 400. */
export function topUpAmount(text: string, currency: string): bigint {
  const micro = positiveAmount(text, 2);
  const limit = topUpLimit(currency);
  if (micro < parseMoney(limit.min)) throw new FieldError({ amount: amountRangeWords('min', limit.min, currency) });
  if (micro > parseMoney(limit.max)) throw new FieldError({ amount: amountRangeWords('max', limit.max, currency) });
  return micro;
}

/**
 * A company tops up only once it has a plan: without a product nothing prices its messages, so the money would
 * sit where it cannot be spent (issue 45). Refused before any payment is opened. A reseller's own account passes.
 */
export async function assertCanTopUp(db: Kysely<Database>, company_uuid: string | null): Promise<void> {
  if (!company_uuid) return;
  const company = await accountsRepository.companyOf(db, company_uuid);
  if (company && !company.product_uuid)
    throw new HttpError(
      422,
      'Your account has no plan yet, so a top-up could not be spent; nothing was charged',
      {},
      'no_plan',
    );
}
