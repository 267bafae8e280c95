// Every error of the Twilio-compatible calls in Twilio's shape ({code, message, more_info, status}), so a Twilio
// helper library raises its RestException with the code a program already handles. The rest of the API answers
// problems (docs/api-errors.md); this shape is this resource's only.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BlockedError } from '../messaging';
import { HttpError } from '../lib/http-error';
import { errorForLog } from '../security';
import { twilioCodeOfReason, twilioError } from './mapping';

/** An error already in Twilio's words (thrown by the routes). */
export class TwilioFault extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Twilio's codes for a missing or invalid form field. */
const MISSING: Record<string, [number, string]> = {
  To: [21604, "A 'To' phone number is required."],
  From: [21603, "A 'From' phone number is required."],
  Body: [21602, 'Message body is required.'],
};
const INVALID: Record<string, [number, string]> = {
  To: [21211, "The 'To' number is not a valid phone number."],
  From: [21212, "The 'From' number is not a valid phone number or sender id."],
  Body: [21617, 'The message body exceeds the 670 character limit (10 parts).'],
  StatusCallback: [21609, 'The StatusCallback URL is not valid.'],
};

interface Issue {
  keyword?: string;
  instancePath?: string;
  params?: { missingProperty?: string };
}

function validationFault(err: FastifyError): TwilioFault {
  const issue = ((err.validation ?? [])[0] ?? {}) as Issue;
  // a path's sid that is not one: no such resource
  if (err.validationContext === 'params') return new TwilioFault(404, 20404, 'The requested resource was not found');
  const field = issue.params?.missingProperty ?? (issue.instancePath ?? '').replace(/^\//, '');
  const known = (issue.keyword === 'required' ? MISSING : INVALID)[field];
  if (known) return new TwilioFault(400, known[0], known[1]);
  return new TwilioFault(400, 20001, `Invalid parameter${field ? ` ${field}` : ''}: ${err.message}`);
}

/** The error handler of the Twilio-compatible context. */
export function sendTwilioError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  let f: TwilioFault;
  if (err instanceof TwilioFault) f = err;
  else if (err.validation) f = validationFault(err);
  else if (err instanceof BlockedError)
    f = new TwilioFault(err.statusCode, twilioCodeOfReason(err.reason), err.message);
  else if (err instanceof HttpError && err.statusCode === 401)
    f = new TwilioFault(401, 20003, `Authenticate: ${err.message}`);
  else if (err instanceof HttpError && err.statusCode === 403)
    f = new TwilioFault(403, 20003, `Permission denied: ${err.message}`);
  else if (err instanceof HttpError && err.statusCode === 404) f = new TwilioFault(404, 20404, err.message);
  else if (err.statusCode === 429) f = new TwilioFault(429, 20429, 'Too Many Requests');
  else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    f = new TwilioFault(err.statusCode, 20001, err.message);
  else {
    // never the request, its headers or the raw error (drivers echo input): log-safety.ts
    req.log.error({ err: errorForLog(err), route: req.routeOptions.url }, 'twilio-compat: unhandled error');
    f = new TwilioFault(500, 20500, `Internal Server Error (request ${req.id})`);
  }
  if (err instanceof HttpError) reply.headers(err.headers);
  return reply
    .code(f.status)
    .type('application/json')
    .send(twilioError(f.status, f.code, f.message));
}
