import fp from 'fastify-plugin';
import { API_PREFIX } from '@smsc/shared-contract';
import type { FastifyError } from 'fastify';
import { FieldError, HttpError } from '../lib/http-error';
import { errorForLog } from '../security';
import { describeValidation, type SchemaIssue } from '../lib/validation-words';
import { fieldProblems, sendProblem } from '../lib/problem';

// Postgres error codes that mean "bad input", not a server fault: status, reason code, words.
const PG_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  '23505': [409, 'duplicate', 'A record with these values already exists'],
  '23503': [409, 'missing_reference', 'The record is referenced by or refers to a missing record'],
  // restrict_violation: an `on delete restrict` reference (e.g. a reseller's companies)
  '23001': [409, 'still_referenced', 'Other records still refer to this one; move or delete them first'],
  '22P02': [400, 'invalid_value', 'Invalid value'],
  '23514': [400, 'invalid_value', 'A value is out of the allowed range'],
  // program_limit_exceeded: e.g. a value too long for an index
  '54000': [400, 'invalid_value', 'A value is too long'],
};

/** Postgres class 22 (data exception: bad number, date, encoding, length...) is the input's fault. */
const pgClientError = (code: string | undefined): [number, string, string] | undefined =>
  code
    ? (PG_CLIENT_ERRORS[code] ?? (/^22[0-9A-Z]{3}$/.test(code) ? [400, 'invalid_value', 'Invalid value'] : undefined))
    : undefined;

/** Fastify's own client errors (FST_ERR_CTP_INVALID_JSON_BODY...) as reason codes: `invalid_json_body`. */
const codeOfFastify = (code: string | undefined) =>
  code?.startsWith('FST_ERR_') ? code.replace(/^FST_ERR_(CTP_)?/, '').toLowerCase() : undefined;

// Every answer here is a problem (lib/problem.ts, docs/api-errors.md): `application/problem+json`.
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError & { code?: string; headers?: Record<string, string> }, req, reply) => {
    if (err.validation) {
      // the message for the toast, the fields for the form: both in the words of the screen
      const { fields, message } = describeValidation(err.validation as SchemaIssue[], err.validationContext);
      return sendProblem(req, reply, { status: 400, code: 'validation', detail: message, errors: fields });
    }
    // Our own errors carry a message written for the user, whatever the status (e.g. 503 mail down).
    if (err instanceof FieldError)
      return sendProblem(req, reply, {
        status: err.statusCode,
        code: err.code,
        detail: err.message,
        errors: fieldProblems(err.fields),
      });
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return sendProblem(req, reply, { status: err.statusCode, code: err.code, detail: err.message });
    }
    const pg = pgClientError(err.code);
    if (pg) return sendProblem(req, reply, { status: pg[0], code: pg[1], detail: pg[2] });
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      // Never the request body, headers or raw error (drivers echo input values): see log-safety.ts.
      req.log.error({ err: errorForLog(err), method: req.method, route: req.routeOptions.url }, 'unhandled error');
      return sendProblem(req, reply, {
        status: 500,
        code: 'server_error',
        detail: `Internal server error (request ${req.id})`,
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(req, reply, {
        status: 415,
        code: 'unsupported_media_type',
        detail: `Unsupported content-type "${req.headers['content-type'] ?? ''}" for this call`,
      });
    }
    if (err.headers) reply.headers(err.headers);
    return sendProblem(req, reply, { status, code: codeOfFastify(err.code), detail: err.message });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    // Console deep links (any non-API path) get the shell; the SPA router takes it from there.
    if (req.method === 'GET' && wantsHtml && !path.startsWith(API_PREFIX) && app.hasDecorator('sendShell')) {
      return (app as unknown as { sendShell: (r: typeof reply, pathname: string) => unknown }).sendShell(reply, path);
    }
    return sendProblem(req, reply, {
      status: 404,
      code: 'route_not_found',
      detail: `Route ${req.method} ${path} not found`,
    });
  });
});
