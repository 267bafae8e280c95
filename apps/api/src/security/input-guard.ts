import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@smsc/shared-contract';
import { FieldError, HttpError } from '../lib/http-error';

/**
 * Fields that say who owns a record or what rights a user has: a body that carries one where the
 * route does not declare it is told so in those words.
 */
export const PROTECTED_FIELDS = new Set([
  'company_uuid',
  'reseller_uuid',
  'user_type',
  'is_admin',
  'password_hash',
  'uuid',
]);

interface JsonSchema {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: unknown;
  patternProperties?: unknown;
}

/**
 * The first body key that `schema` does not declare, walking nested objects and arrays the schema
 * describes. Such a key is refused (400 naming it) rather than silently dropped: dropping hides the
 * caller's mistake (it believes it moved a record or raised a right), and a handler that spreads the
 * body into SQL would otherwise meet a column that does not exist.
 */
export function findUndeclared(schema: JsonSchema | undefined, data: unknown, prefix = ''): string | null {
  if (!schema || data === null || typeof data !== 'object') return null;
  if (Array.isArray(data)) {
    if (!schema.items) return null;
    for (let i = 0; i < data.length; i++) {
      const found = findUndeclared(schema.items, data[i], prefix ? `${prefix}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  // Only object schemas that list their keys are checked; a map (additional/pattern properties) admits any key.
  if (!schema.properties || schema.additionalProperties || schema.patternProperties) return null;
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    // own keys only: `constructor`, `toString` or `__proto__` would otherwise find Object.prototype's members
    const declared = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!declared) return path;
    const nested = findUndeclared(declared, value, path);
    if (nested !== null) return nested;
  }
  return null;
}

/**
 * The schema the body is validated with: the route's plain schema, or, for a route that declares a
 * schema per media type (JSON or an upload), the one of the request's content type.
 */
function bodySchemaOf(body: unknown, headers: Record<string, string | string[] | undefined>): JsonSchema | undefined {
  const content = (body as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
  if (!content) return body as JsonSchema | undefined;
  const type = String(headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return Object.hasOwn(content, type) ? content[type].schema : undefined;
}

/**
 * The path of the first number that is not finite in validated input. JSON reads 1e999 as Infinity and
 * the validator turns the query text "Infinity" into the number; a `maximum` does not stop either
 * everywhere, and a loop or a SQL list sized by one never ends or never fits.
 */
export function findNonFinite(data: unknown, prefix = ''): string | null {
  if (typeof data === 'number') return Number.isFinite(data) ? null : prefix;
  if (data === null || typeof data !== 'object') return null;
  for (const [key, value] of Object.entries(data)) {
    const found = findNonFinite(value, prefix ? `${prefix}/${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** After validation (numbers coerced): refuses a non-finite number in params, query or body. */
export function checkValidated(req: { params: unknown; query: unknown; body: unknown }) {
  for (const [name, part] of [
    ['params', req.params],
    ['querystring', req.query],
    ['body', req.body],
  ] as const) {
    const at = findNonFinite(part);
    if (at !== null) throw new HttpError(400, `Invalid request: ${name}/${at} must be a finite number`);
  }
}

/**
 * Checks one request's parsed input (params, query, body) before schema validation. Runs for every
 * route, including routes added later, so no route can hand the database a value it would reject
 * with a 500.
 */
export function checkInput(req: {
  params: unknown;
  query: unknown;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  routeOptions: { schema?: { body?: unknown } };
}) {
  for (const part of [req.params, req.query, req.body]) {
    const field = findUnstorableText(part);
    if (field) throw new FieldError({ [field]: UNSTORABLE_TEXT_MESSAGE });
  }
  const refused = findUndeclared(bodySchemaOf(req.routeOptions.schema?.body, req.headers), req.body);
  // '' is a real (empty) key, so compare with null
  if (refused !== null) {
    const key = refused.split('.').pop() as string;
    throw new FieldError({
      [refused || '(empty key)']: PROTECTED_FIELDS.has(key)
        ? 'cannot be set by this call'
        : 'is not a field of this call',
    });
  }
}
