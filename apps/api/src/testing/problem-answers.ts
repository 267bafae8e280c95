// Every error answer of the JSON API is a problem (docs/api-errors.md). The test app checks it on every injected
// request, and on every answer it gives over HTTP once a test listens, so no route test can answer an error of
// another shape without failing, whatever it asserts itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_PREFIX,
  PROBLEM_CONTENT_TYPE,
  TWILIO_API_VERSION,
  type FieldProblem,
  type Problem,
} from '@smsc/shared-contract';

const PROBLEM_KEYS = new Set(['type', 'title', 'status', 'detail', 'code', 'instance', 'request_id', 'errors']);

const TWILIO_PREFIX = `${API_PREFIX}/${TWILIO_API_VERSION}/`;

/** What is wrong with an error answer that should be in Twilio's shape ({code, message, more_info, status}). */
function twilioShapeIssue(res: { statusCode: number; headers: Record<string, unknown>; body?: string }): string | null {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return 'not JSON';
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body ?? '');
  } catch {
    return 'the body is not JSON';
  }
  if (!Number.isInteger(body.code) || typeof body.message !== 'string' || typeof body.more_info !== 'string')
    return "not Twilio's error shape";
  return body.status === res.statusCode ? null : `"status" is ${String(body.status)}, the answer ${res.statusCode}`;
}

/** What is wrong with an answer that should be a problem; null when it is one. */
export function problemShapeIssue(
  res: { statusCode: number; headers: Record<string, unknown>; body?: string },
  path: string,
): string | null {
  // the Twilio-compatible calls answer Twilio's error shape instead (twilio-compat/errors.ts); an address refused
  // before any route is reached (bad percent-encoding) is still answered as a problem, below
  if (path.startsWith(TWILIO_PREFIX) && twilioShapeIssue(res) === null) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith(PROBLEM_CONTENT_TYPE)) return `content-type is "${type}", not ${PROBLEM_CONTENT_TYPE}`;
  if (res.body === undefined || res.body === '') return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'the body is not JSON';
  }
  for (const key of ['type', 'title', 'detail', 'code', 'instance', 'request_id'])
    if (typeof body[key] !== 'string' || !body[key]) return `"${key}" is missing`;
  if (body.status !== res.statusCode) return `"status" is ${String(body.status)}, the answer ${res.statusCode}`;
  if (body.type !== `${API_PREFIX}/problems/${String(body.code)}`)
    return `"type" ${String(body.type)} is not its code's`;
  // the injector parses the address as a URL (light-my-request), so "/a/./b" reaches the server as "/a/b"
  const sent = new URL(path, 'http://localhost').pathname;
  if (body.instance !== sent) return `"instance" ${String(body.instance)} is not ${sent}`;
  if (String(res.headers['x-request-id'] ?? body.request_id) !== body.request_id)
    return '"request_id" is not X-Request-Id';
  const extra = Object.keys(body).filter((k) => !PROBLEM_KEYS.has(k));
  if (extra.length) return `unexpected members ${extra.join(', ')}`;
  if (body.errors !== undefined) {
    if (!Array.isArray(body.errors) || !body.errors.length) return '"errors" is not a list of field errors';
    for (const e of body.errors as FieldProblem[])
      if (typeof e?.field !== 'string' || typeof e.code !== 'string' || typeof e.detail !== 'string')
        return `a field error lacks field, code or detail: ${JSON.stringify(e)}`;
  }
  return null;
}

/** Wraps `app.inject` so an error answer of the API that is not a problem rejects the test's request. */
export function checkProblemAnswers(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = (...args: unknown[]) => {
    const [opts] = args;
    // the chained and callback forms are not used by the tests; left as they are
    if (args.length !== 1 || !opts || typeof opts !== 'object') return inject(...args);
    const o = opts as { url?: string | { pathname?: string }; path?: string; payloadAsStream?: boolean };
    const url = typeof o.url === 'string' ? o.url : (o.url?.pathname ?? o.path ?? '');
    const path = url.split('?')[0];
    // a caller that reads the answer as a stream (the fuzzer) judges it itself, and reports rather than throws
    if (o.payloadAsStream) return inject(opts);
    return (inject(opts) as Promise<LightMyRequestResponse>).then((res) => {
      if (res.statusCode < 400 || !path.startsWith(API_PREFIX)) return res;
      const issue = problemShapeIssue({ statusCode: res.statusCode, headers: res.headers, body: res.body }, path);
      if (issue) throw new Error(`${res.statusCode} answer of ${path} is not a problem: ${issue}\n${res.body ?? ''}`);
      return res;
    });
  };
  (app as unknown as { inject: unknown }).inject = checked;
  return app;
}

/**
 * The same check on the answers a test reads over HTTP (a client library pointed at `app.listen`: the typed client,
 * the twilio package): an answer is a stream there, so a wrong one cannot reject the request; it is kept, and the
 * returned function lists them (the test app's close fails on any).
 */
export function checkListenedAnswers(app: FastifyInstance): () => string[] {
  const issues: string[] = [];
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (!path.startsWith(API_PREFIX)) return;
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown) => {
      if (res.statusCode >= 400 && chunk && typeof chunk !== 'function')
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    };
    // fastify hands its headers to writeHead, where getHeaders() does not see them
    let headers: Record<string, unknown> = {};
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
    res.writeHead = ((...a: unknown[]) => {
      const given = a.find((x) => x && typeof x === 'object' && !Array.isArray(x));
      headers = Object.fromEntries(Object.entries(given ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      return writeHead(...a);
    }) as typeof res.writeHead;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
    res.write = ((...a: unknown[]) => (keep(a[0]), write(...a))) as typeof res.write;
    res.end = ((...a: unknown[]) => (keep(a[0]), end(...a))) as typeof res.end;
    res.once('finish', () => {
      if (res.statusCode < 400) return;
      const body = Buffer.concat(chunks).toString('utf8');
      const all = { ...res.getHeaders(), ...headers };
      const issue = problemShapeIssue({ statusCode: res.statusCode, headers: all, body }, path);
      if (issue)
        issues.push(`${res.statusCode} answer of ${req.method} ${path} (over HTTP) is not a problem: ${issue}`);
    });
  });
  return () => issues;
}

/** An answer's problem: its reason code, detail and field errors as `{ field: detail }`. */
export function problemOf(res: { json(): unknown }): Problem & { fields: Record<string, string> } {
  const body = res.json() as Problem;
  const fields = Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.detail]));
  return { ...body, fields };
}

/** The field errors of an answer as `{ field: detail }` (empty when it has none). */
export const fieldsOf = (res: { json(): unknown }) => problemOf(res).fields;

/**
 * A validation problem's field errors as `{ errors: { field: detail } }`, to compare with one expected object; any
 * other answer as it is (so the comparison shows what came instead).
 */
export function fieldErrorsOf(res: { json(): unknown }): { errors: Record<string, string> } | Problem {
  const p = problemOf(res);
  return p.code === 'validation' ? { errors: p.fields } : (res.json() as Problem);
}
