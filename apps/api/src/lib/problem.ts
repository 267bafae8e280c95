// The one shape of every error answer of the JSON API: an RFC 9457 problem (docs/api-errors.md). The error
// handler, the not-found handler and the few routes that answer an error themselves all build it here.
import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorCodeOfStatus,
  PROBLEM_CONTENT_TYPE,
  problemType,
  type FieldProblem,
  type Problem,
} from '@smsc/shared-contract';

/** The code of an error that names none: its status's (ERROR_CODES, the words the console has for each). */
export const codeOfStatus = (status: number): string => errorCodeOfStatus(status);

/**
 * The reason codes that have a title of their own; every other code's title is its status's. The send refusals
 * are the pipeline's block reasons (BLOCK_REASONS), the same words a blocked message's `block_reason` holds.
 */
export const PROBLEM_TITLES: Record<string, string> = {
  validation: 'The request has invalid fields',
  route_not_found: 'No such API call',
  duplicate: 'A record with these values already exists',
  still_referenced: 'Other records still refer to this one',
  missing_reference: 'A referenced record is missing',
  invalid_value: 'A value is not valid',
  server_error: 'Internal server error',
  read_only: 'Refused: this login may only read',
  no_plan: 'Refused: the account has no plan yet',
  number_unpriced: 'Refused: the plan has no price for this number',
  bad_sender: 'Blocked: not one of your sending numbers',
  bad_number: 'Blocked: not a phone number',
  bad_template: 'Blocked: the template cannot be used',
  suppressed: 'Blocked: the number opted out',
  filtered: 'Blocked: the text is not allowed',
  no_price: 'Blocked: no price for the destination',
  no_route: 'Blocked: no route to the destination',
  below_margin: 'Blocked: below the minimum margin',
  no_money: 'Blocked: not enough balance',
  spend_limit: 'Blocked: spend limit reached',
  destination_not_allowed: 'Blocked: destination not allowed',
  pumping_suspected: 'Blocked: suspected SMS pumping',
  sender_unregistered: 'Blocked: the sender is not registered for this destination',
};

export function titleOf(code: string, status: number): string {
  return PROBLEM_TITLES[code] ?? STATUS_CODES[status] ?? 'Error';
}

export interface ProblemInput {
  status: number;
  code?: string;
  detail: string;
  errors?: FieldProblem[];
}

export function problemOf(req: FastifyRequest, p: ProblemInput): Problem {
  const code = p.code ?? codeOfStatus(p.status);
  return {
    type: problemType(code),
    title: titleOf(code, p.status),
    status: p.status,
    detail: p.detail,
    code,
    // the path only: a query string may hold what a log or a screenshot should not
    instance: req.url.split('?')[0],
    request_id: String(req.id),
    ...(p.errors?.length ? { errors: p.errors } : {}),
  };
}

/**
 * Answers a problem (status, content type and body). The request id header is set here too: an address Fastify
 * cannot decode is refused before the hooks that set it on every other answer.
 */
export function sendProblem(req: FastifyRequest, reply: FastifyReply, p: ProblemInput) {
  return reply.code(p.status).header('x-request-id', String(req.id)).type(PROBLEM_CONTENT_TYPE).send(problemOf(req, p));
}

/** A form's `{ field: message }` as problem field errors. */
export const fieldProblems = (fields: Record<string, string>, code = 'invalid'): FieldProblem[] =>
  Object.entries(fields).map(([field, detail]) => ({ field, code, detail }));
