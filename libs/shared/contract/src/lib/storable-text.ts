import { FormatRegistry, Type, type StringOptions } from '@sinclair/typebox';

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL (U+0000), and UTF-16 halves without their
 * pair (a JSON body may carry "\ud800"; encoded to UTF-8 it would silently become U+FFFD, so the value
 * stored would not be the value sent). Every text input of every call is held to this rule.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point of this rule
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const STORABLE_TEXT_FORMAT = 'storable-text';
export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored (NUL or an unpaired surrogate)';

export const isStorableText = (v: string) => !UNSTORABLE.test(v);

/** A text field: any string the database can store, with the usual length options. */
export const Text = (options: StringOptions = {}) => Type.String({ ...options, format: STORABLE_TEXT_FORMAT });

/**
 * The first string (or object key) inside `value` that breaks the rule, as a dotted path from `prefix`
 * (`full_name`, `items.2.name`); null when every string can be stored. Depth is bounded so a
 * deeply nested body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown, prefix = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : prefix || '(value)';
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (value instanceof Uint8Array) return null; // raw bytes (an upload) are not text
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  for (const [key, v] of entries) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!isStorableText(key)) return path;
    const found = findUnstorableText(v, path, depth + 1);
    if (found) return found;
  }
  return null;
}

if (!FormatRegistry.Has(STORABLE_TEXT_FORMAT)) FormatRegistry.Set(STORABLE_TEXT_FORMAT, isStorableText);

/** Values typed for a message's {placeholders}: name → value (names as the text writes them, any case). */
export const PlaceholderValues = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Text({ maxLength: 500 }), {
  maxProperties: 50,
});

/** A message's text: storable, and more than spaces (a text of one space would be sent and charged). */
export const MessageText = (options: StringOptions = {}) => Text({ ...options, pattern: '\\S' });
