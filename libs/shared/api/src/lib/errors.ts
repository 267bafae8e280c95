import { explainError, problemOf, type ErrorLinkTarget } from './error-words';

export const GENERIC_ERROR = 'something went wrong!';

/** What the console needs of a failed call: the reason code, the sentence and each field's sentence. */
export interface ApiProblem {
  /** the server's reason code (`validation`, `not_found`, `no_price`, `spend_limit`...); null without an answer */
  code: string | null;
  /** the server's sentence for this failure; null when the answer had none (a network error, a proxy's page) */
  detail: string | null;
  /** each failed field's sentence, by the field's name (the first when a field failed twice) */
  fields: Record<string, string>;
  /** the HTTP status, or null when no answer came */
  status: number | null;
}

/**
 * Reads an API failure (RTK Query's `{ status, data }`, callApi's failure, or the answer's body itself): every error
 * answer is an RFC 9457 problem (`application/problem+json`: code, detail, errors[] of { field, code, detail }),
 * docs/api-errors.md. Anything else (a network error, an HTML page) reads as no code, no detail, no fields.
 */
export function readApiProblem(failure: unknown): ApiProblem {
  const outer = failure as { data?: unknown; status?: unknown } | undefined;
  const data = outer && typeof outer === 'object' && 'data' in outer ? outer.data : failure;
  const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const status =
    typeof body.status === 'number' ? body.status : typeof outer?.status === 'number' ? outer.status : null;
  const fields: Record<string, string> = {};
  if (Array.isArray(body.errors))
    for (const e of body.errors as { field?: unknown; detail?: unknown }[]) {
      if (e && typeof e.field === 'string' && typeof e.detail === 'string' && !(e.field in fields))
        fields[e.field] = e.detail;
    }
  return {
    code: typeof body.code === 'string' && body.code ? body.code : null,
    detail: typeof body.detail === 'string' && body.detail ? body.detail : null,
    fields,
    status,
  };
}

/**
 * The generic error display of docs/spec.md §8, in words: the reason code's sentence and next step
 * (error-words.ts) around the server's detail or field errors, never a raw code or field name;
 * 'something went wrong!' when there was no answer at all.
 */
export function describeApiError(failure: unknown): string {
  return explainFailure(failure).text;
}

/** describeApiError's text with the screen its next step is done on, for a toast or banner that links there. */
export function explainFailure(failure: unknown): { text: string; link?: ErrorLinkTarget } {
  const said = explainError(problemOf(failure));
  return said ? { text: said.text, link: said.link } : { text: GENERIC_ERROR };
}
