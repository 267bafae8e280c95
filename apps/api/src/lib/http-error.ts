import { errorCodeOfStatus, type ErrorCode } from '@smsc/shared-contract';

/**
 * An error whose status and message are safe to show the client. It answers as a problem (lib/problem.ts); its code
 * (ERROR_CODES) says why in one word, its status's own (`not_found`, `conflict`...) when none is given.
 */
export class HttpError extends Error {
  public readonly code: ErrorCode;
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? errorCodeOfStatus(statusCode);
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
