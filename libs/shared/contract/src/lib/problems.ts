import { Type, type Static } from '@sinclair/typebox';
import { API_PREFIX } from './constants';

// Every error answer of the JSON API is an RFC 9457 problem (docs/api-errors.md). The `type` is a URI relative to
// the server, one per reason code: an identifier to compare, documented in docs/api-errors.md (not a page).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The stable URI of a reason code: `/api_smsc/v1/problems/<code>`, resolved against the server's address. */
export const problemType = (code: string) => `${API_PREFIX}/problems/${code}`;

/** One field's failure in a validation problem: the field by name and as a JSON pointer into the request. */
export const FieldProblem = Type.Object({
  /** the field's name as the form names it (`dnis`, `filter.reseller_uuid`, `line 7` for a file's line) */
  field: Type.String(),
  /** a JSON pointer into the request body (`/numbers/2`); absent for a query, path or header parameter and a file's line */
  pointer: Type.Optional(Type.String()),
  /** what is wrong, as a stable word (`required`, `pattern`, `min_length`, `invalid`...) */
  code: Type.String(),
  /** the sentence the console shows under the field */
  detail: Type.String(),
});
export type FieldProblem = Static<typeof FieldProblem>;

export const Problem = Type.Object(
  {
    type: Type.String({ description: 'A URI (relative to the server) naming the reason; one per `code`' }),
    title: Type.String({ description: 'A short summary of the reason, the same for every occurrence' }),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String({ description: 'What went wrong this time, in words a person can act on' }),
    code: Type.String({ description: 'The reason code (`validation`, `not_found`, `no_price`, `spend_limit`...)' }),
    instance: Type.String({ description: 'The path that was called' }),
    request_id: Type.String({ description: 'The request id (also the X-Request-Id header): quote it to support' }),
    errors: Type.Optional(Type.Array(FieldProblem, { description: 'The fields that failed (validation problems)' })),
  },
  { title: 'Problem details (RFC 9457)' },
);
export type Problem = Static<typeof Problem>;
