// The reason codes the server puts on its error answers and refusals: the one list the server draws
// its codes from and the console words (libs/shared/api error-words.ts). Plain values, no TypeBox, so the
// console's light entries can read it.
import { BLOCK_REASONS } from './constants';

/** Codes of a refused request as a whole, beside a blocked message's reasons (BLOCK_REASONS). */
export const REQUEST_ERROR_CODES = [
  /** the body, query or a field did not pass the call's schema or checks (field errors beside) */
  'validation',
  /** not signed in, the session ended, or the API key is unknown or revoked */
  'unauthenticated',
  /** the caller's role or tenancy does not reach this */
  'forbidden',
  /** the API key lacks the scope this call needs */
  'api_key_scope',
  'not_found',
  /** the record changed or exists already */
  'conflict',
  /** a request with the same Idempotency-Key is still being worked on */
  'idempotency_in_progress',
  /** the Idempotency-Key was used before for a different request */
  'idempotency_mismatch',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  /** a system the platform needs (mail, payments, a carrier) did not answer */
  'unavailable',
  'server_error',
  /** no such API call (method and path) */
  'route_not_found',
  /** the address itself could not be read (bad percent-encoding) */
  'bad_url',
  /** a record with these values exists already (a unique constraint) */
  'duplicate',
  /** other records still refer to the one being deleted */
  'still_referenced',
  /** a record the request refers to does not exist */
  'missing_reference',
  /** a value the database cannot hold (out of range, malformed) */
  'invalid_value',
  /** a read-only login (reseller team) tried to change something */
  'read_only',
  /** a rate change set was approved or rejected already: it is history now */
  'change_set_decided',
  /** the company has no plan (product) yet: a top-up or a number would buy what it cannot use */
  'no_plan',
  /** the company's plan has no price for the number's country: it could not text from or to it */
  'number_unpriced',
] as const;

/** Every code an error answer can carry. */
export const ERROR_CODES = [...REQUEST_ERROR_CODES, ...BLOCK_REASONS] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code of an answer with no more specific one, by its HTTP status. */
export function errorCodeOfStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return status >= 500 ? 'server_error' : 'validation';
}

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
