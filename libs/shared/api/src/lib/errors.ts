import { explainError, problemOf, type ErrorLinkTarget } from './error-words';

export const GENERIC_ERROR = 'something went wrong!';

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
