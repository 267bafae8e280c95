// The OpenAPI 3.1 document of the API (served at /api_smsc/v1/docs, written by tools/scripts/openapi.ts and linted
// by `redocly lint`, tools/scripts/openapi-lint.mjs): @fastify/swagger over the routes' schemas, with what each
// operation needs derived from the route (operations.ts), errors as problems (docs/api-errors.md) and the company
// webhooks' events (docs/webhooks.md).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { FieldProblem, Problem, TwilioError, WEBHOOK_EVENT_SCHEMAS } from '@smsc/shared-contract';
import type { AccessPolicy } from '../../lib/access';
import { titleOf } from '../../lib/problem';
import { API_TITLE } from '../../branding';
import { CODE_SAMPLES } from './code-samples';
import type { ApiKeyNeed } from '../../security';
import { accessWords, apiKeyScopesOf, operationIdOf, problemStatusesOf, rolesOf, summaryOf } from './operations';

type Json = Record<string, unknown>;
const PROBLEMS_KEY = 'x-problem-statuses';

const RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Blocked',
  429: 'TooManyRequests',
  500: 'ServerError',
};
const RESPONSE_WORDS: Record<number, string> = {
  400: 'The request is not valid: `validation` with the failed fields in `errors`, or another reason code.',
  401: 'Not signed in, the session ended, or the API key is unknown or revoked.',
  402: 'Not enough balance for the message (`no_money`).',
  403: 'The caller may not do this.',
  404: 'No such record, or not one the caller may see.',
  409: 'The record is in a state that does not allow this, or another record has these values.',
  413: 'The body is larger than the call accepts.',
  415: 'The body is not of a type the call accepts.',
  422: 'A rule of the platform refused it: a send refusal reason as `code` (`no_price`, `spend_limit`...).',
  429: 'Too many requests: retry after the Retry-After header.',
  500: 'A fault of the server; quote `request_id` to support.',
};

/** Strips TypeBox's symbols and `$id`s so a schema can sit in components. */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;
const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

function webhookHeaders() {
  const header = (name: string, description: string, example: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
    example,
  });
  return [
    header('webhook-id', 'The event id: the same on every attempt, so a receiver deduplicates by it.', 'msg_2Lh3…'),
    header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed; refuse old ones.', '1764938000'),
    header(
      'webhook-signature',
      'Standard Webhooks: `v1,` and the base64 HMAC-SHA256, with the webhook secret, of `<id>.<timestamp>.<body>`.',
      'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    ),
  ];
}

function webhooksOf(): Json {
  const out: Json = {};
  for (const [type, schema] of Object.entries(WEBHOOK_EVENT_SCHEMAS)) {
    const name = `${type.replace(/(^|\.)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Event`;
    out[type] = {
      post: {
        operationId: `webhook${name}`,
        summary: `The ${type} event`,
        description: `${(schema as { description?: string }).description ?? ''} Posted to every active company webhook subscribed to it, signed with the webhook's secret (docs/webhooks.md).`,
        tags: ['webhooks'],
        security: [],
        parameters: webhookHeaders(),
        requestBody: { required: true, content: { 'application/json': { schema: ref('schemas', name) } } },
        responses: {
          '200': { description: 'Any 2xx answer within the timeout acknowledges the event.' },
          '4XX': { description: 'Any other answer, or none in time, is a failed attempt: retried with backoff.' },
        },
      },
    };
  }
  return out;
}

function componentSchemas(): Json {
  const schemas: Json = { Problem: plain(Problem), FieldProblem: plain(FieldProblem), TwilioError: plain(TwilioError) };
  (schemas.Problem as { properties: Json }).properties.errors = {
    type: 'array',
    items: ref('schemas', 'FieldProblem'),
    description: 'The fields that failed (validation problems)',
  };
  for (const [type, schema] of Object.entries(WEBHOOK_EVENT_SCHEMAS))
    schemas[`${type.replace(/(^|\.)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Event`] = plain(schema);
  return schemas;
}

function problemResponses(): Json {
  return {
    ...Object.fromEntries(
      Object.entries(RESPONSE_NAMES).map(([status, name]) => [
        name,
        {
          description: `${titleOf('', Number(status))}. ${RESPONSE_WORDS[Number(status)]}`,
          content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
        },
      ]),
    ),
    [TWILIO_ERROR]: {
      description:
        "An error of the Twilio-compatible calls, in Twilio's shape: its error code (20003 credentials, 20404 not found, 21211 invalid To, 21604 To missing...) and the HTTP status.",
      content: { 'application/json': { schema: ref('schemas', 'TwilioError') } },
    },
  };
}

const TWILIO_ERROR = 'TwilioError';
/** The Twilio-compatible operations (their Basic security) answer Twilio's error shape, not problems. */
const isTwilio = (op: Json) => ((op.security as Json[] | undefined) ?? []).some((s) => 'twilioBasic' in s);

/** The operations' error responses, from the statuses each route's transform noted. */
function addProblems(paths: Json) {
  const seen = new Map<string, string>();
  for (const [url, item] of Object.entries(paths)) {
    const shape = url.replace(/\{[^}]+\}/g, '{}');
    const other = seen.get(shape);
    // two paths that differ only by a parameter's name are one path to a client: refused here, not in review
    if (other && other !== url) throw new Error(`OpenAPI paths ${other} and ${url} differ only by a parameter name`);
    seen.set(shape, url);
    for (const op of Object.values(item as Record<string, Json>)) {
      const statuses = (op[PROBLEMS_KEY] as number[] | undefined) ?? [400, 500];
      delete op[PROBLEMS_KEY];
      const responses = (op.responses ?? {}) as Json;
      for (const s of statuses)
        responses[String(s)] ??= ref('responses', isTwilio(op) ? TWILIO_ERROR : RESPONSE_NAMES[s]);
      op.responses = responses;
    }
  }
}

export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: '1.0.0',
        description:
          'Send and follow SMS, manage numbers, catalogs, billing and accounts. Sign in with POST /auth for a bearer ' +
          'session, or send a company API key in the X-Api-Key header to the sending calls. Every error answer is an ' +
          'RFC 9457 problem (`application/problem+json`) whose `code` names the reason; see docs/api-errors.md.\n\n' +
          CODE_SAMPLES,
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: "The token of POST /auth. An operation's scopes are the user types that may call it.",
          },
          twilioBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              "The Twilio-compatible calls: the AccountSid (AC and the company id without dashes) as the user name, a company API key as the password; an operation's requirements are the key scopes that open it, any one of them.",
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description:
              "A company API key (Company → API keys). Only the calls that list it take it, each with the key scopes it needs: an operation's apiKey requirements are the scopes that open it, any one of them (send; read, which manage includes; manage).",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as {
        access?: AccessPolicy;
        apiKey?: ApiKeyNeed;
        basicApiKey?: boolean;
        rateLimit?: unknown;
      };
      const method = ([] as string[]).concat(route.method)[0];
      const s = (schema ?? {}) as Json;
      const summary = (s.summary as string | undefined) ?? summaryOf(method, url);
      const roles = rolesOf(config.access);
      // a key's requirements name the scopes that open the call, one requirement each (any one of them will do)
      const scopes = apiKeyScopesOf(config.apiKey);
      // the Twilio-compatible calls take Basic credentials only, and declare their errors (Twilio's shape) themselves
      const security = config.basicApiKey
        ? scopes.map((scope) => ({ twilioBasic: [scope] }))
        : config.access === 'public'
          ? []
          : [{ bearer: roles }, ...scopes.map((scope) => ({ apiKey: [scope] }))];
      const first = url.split('/').filter(Boolean)[2] ?? 'api';
      return {
        schema: {
          ...s,
          operationId: (s.operationId as string | undefined) ?? operationIdOf(method, url),
          summary,
          description: config.basicApiKey
            ? `${s.description as string} Basic credentials: the AccountSid and a company API key with the ${scopes.join(' or ')} scope (docs/twilio-compat.md).`
            : `${(s.description as string | undefined) ?? `${summary}.`} ${accessWords(config.access, config.apiKey)}`,
          tags: (s.tags as string[] | undefined) ?? [first.replace(/_/g, ' ')],
          security,
          [PROBLEMS_KEY]: problemStatusesOf({
            method,
            url,
            access: config.access,
            apiKey: !!config.apiKey,
            rateLimited: !!config.rateLimit,
          }),
        },
        url,
      } as never;
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: unknown }).openapiObject as Json & {
        components: Json;
        paths: Json;
      };
      addProblems(doc.paths ?? {});
      doc.components = {
        ...doc.components,
        schemas: { ...((doc.components.schemas as Json) ?? {}), ...componentSchemas() },
        responses: problemResponses(),
      };
      doc.webhooks = webhooksOf();
      return doc as never;
    },
  };
}
