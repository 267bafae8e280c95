import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What a log line may say about a request: method, the route's pattern (so a token in a path such
 * as /auth/reset_password/:token never reaches the log), and where it came from. Never headers
 * (Authorization), query strings or bodies: those carry passwords, tokens and personal data.
 */
export function requestForLog(req: FastifyRequest) {
  const route = req.routeOptions?.url;
  return {
    method: req.method,
    route: route ?? '(no route)',
    // Static files and console deep links have no pattern worth reading; their path is logged with
    // token-like segments (e.g. /forgot-password/<token>) masked.
    ...(!route || route.endsWith('*') ? { path: maskTokens(req.url.split('?')[0]) } : {}),
    remoteAddress: req.ip,
  };
}

/** Path segments that look like tokens (24+ URL-safe characters, no dot) become "…". */
export const maskTokens = (path: string) =>
  path
    .split('/')
    .map((s) => (/^[A-Za-z0-9_-]{24,}$/.test(s) ? '…' : s))
    .join('/');

/** Quoted fragments of an error message (where drivers echo input values) are masked. */
export const maskQuoted = (s: string) =>
  s
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .slice(0, 300);

/** An error as logged: its type, code, message with echoed values masked, and stack frames without the message line. */
export function errorForLog(err: Error & { code?: unknown }) {
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 12)
    .join('\n');
  return {
    type: err.name,
    code: typeof err.code === 'string' ? err.code : undefined,
    message: maskQuoted(String(err.message)),
    stack: frames,
  };
}

/** Fastify logger options: the request serializer above, plus redaction as a second guard. */
export function loggerOptions(stream?: NodeJS.WritableStream, level?: string): FastifyServerOptions['logger'] {
  return {
    ...(level ? { level } : {}),
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => requestForLog(req),
    },
    redact: {
      paths: [
        'req.headers',
        'headers.authorization',
        'body',
        '*.password',
        '*.passwd',
        '*.current_password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  } as FastifyServerOptions['logger'];
}
