/**
 * An error whose status and message are safe to show the client. It answers as a problem (lib/problem.ts) whose
 * `code` is the one given, or the status's own (`not_found`, `conflict`...) when none is.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    /** a stable reason code the console turns into its own words (e.g. READ_ONLY_REFUSAL) */
    public readonly code?: string,
  ) {
    super(message);
  }
}
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);

/**
 * A 400 about named form fields, answered as a validation problem whose `errors` list names each field, so a form
 * shows each message on its field.
 */
export class FieldError extends HttpError {
  constructor(public readonly fields: Record<string, string>) {
    super(
      400,
      Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
      {},
      'validation',
    );
  }
}
