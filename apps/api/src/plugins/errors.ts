import fp from 'fastify-plugin';
import { API_PREFIX, type ErrorCode } from '@smsc/shared-contract';
import type { FastifyError } from 'fastify';
import { FieldError, HttpError } from '../lib/http-error';
import { errorForLog } from '../security';
import { describeValidation, type SchemaIssue } from '../lib/validation-words';

// Postgres error codes that mean "bad input", not a server fault.
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [409, 'The record is referenced by or refers to a missing record'],
  // restrict_violation: an `on delete restrict` reference (e.g. a reseller's companies)
  '23001': [409, 'Other records still refer to this one; move or delete them first'],
  '22P02': [400, 'Invalid value'],
  '23514': [400, 'A value is out of the allowed range'],
  // program_limit_exceeded: e.g. a value too long for an index
  '54000': [400, 'A value is too long'],
};

/** Postgres class 22 (data exception: bad number, date, encoding, length...) is the input's fault. */
const pgClientError = (code: string | undefined): [number, string] | undefined =>
  code ? (PG_CLIENT_ERRORS[code] ?? (/^22[0-9A-Z]{3}$/.test(code) ? [400, 'Invalid value'] : undefined)) : undefined;

export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError & { code?: string; headers?: Record<string, string> }, req, reply) => {
    if (err.validation) {
      // the message for the toast, the fields for the form: both in the words of the screen
      const { fields, message } = describeValidation(err.validation as SchemaIssue[], err.validationContext);
      return reply.code(400).send({ error: { message, code: 'validation' satisfies ErrorCode }, errors: fields });
    }
    // Our own errors carry a message written for the user, whatever the status (e.g. 503 mail down).
    if (err instanceof FieldError) return reply.code(err.statusCode).send({ errors: err.fields });
    if (err instanceof HttpError)
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ error: { message: err.message, code: err.code } });
    const pg = pgClientError(err.code);
    if (pg) return reply.code(pg[0]).send({ error: { message: pg[1] } });
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      // Never the request body, headers or raw error (drivers echo input values): see log-safety.ts.
      req.log.error({ err: errorForLog(err), method: req.method, route: req.routeOptions.url }, 'unhandled error');
      return reply
        .code(500)
        .send({ error: { message: `Internal server error (request ${req.id})`, request_id: req.id } });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send({ error: { message: `Unsupported content-type "${req.headers['content-type'] ?? ''}" for this call` } });
    }
    if (err.headers) reply.headers(err.headers);
    return reply.code(status).send({ error: { message: err.message } });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    // Console deep links (any non-API path) get the shell; the SPA router takes it from there.
    if (req.method === 'GET' && wantsHtml && !path.startsWith(API_PREFIX) && app.hasDecorator('sendShell')) {
      return (app as unknown as { sendShell: (r: typeof reply, pathname: string) => unknown }).sendShell(reply, path);
    }
    return reply.code(404).send({ error: { message: `Route ${req.method} ${path} not found` } });
  });
});
