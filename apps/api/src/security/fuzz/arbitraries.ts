import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';

/** Strings that have broken servers: empty, huge, NUL, lone surrogates, RTL and emoji, SQL and path tricks, wildcards. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfff',
    '😀'.repeat(50),
    '\u202e\u0647\u0644',
    "' or 1=1 --",
    '"; drop table users; --',
    '../../etc/passwd',
    '%00',
    '%',
    '*',
    '**',
    '_',
    '\\',
    '${7*7}',
    '<script>alert(1)</script>',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e309',
    '9'.repeat(40),
    'true',
    '2026-02-30T25:61:00Z',
    '0000-00-00',
    '00000000-0000-0000-0000-000000000000',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    'a@b',
    'admin@example.com',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1, max: 20 }).map((n) => 'x'.repeat(n * 5000)),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    -0.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of the wrong shape: the fuzzer puts these where the schema wants something else. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }),
);

const typesOf = (s: JsonSchema) => [s.type ?? []].flat();

/** A value close to what the schema asks (right type, edge values), so validation passes and the handler is reached. */
function nearValid(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valueFor(a, depth)));
  const t = typesOf(s)[0];
  if (t === 'string') {
    if (s.format === 'uuid') return fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'));
    if (s.format === 'email')
      return fc.oneof(fc.emailAddress(), fc.constant('admin@example.com'), fc.constant('x@y.zz'));
    if (s.format === 'date-time')
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constant('1970-01-01T00:00:00Z'),
      );
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? 64, 64);
    return fc.oneof(
      fc.string({ minLength: min, maxLength: Math.max(min, max) }),
      fc.constant('x'.repeat(Math.max(min, s.maxLength ?? 1000))),
    );
  }
  if (t === 'integer' || t === 'number') {
    const lo = s.minimum ?? -(2 ** 31);
    const hi = s.maximum ?? 2 ** 31;
    // a number's bounds need not be whole (a percent from 0.1): the integers between them, and the bounds themselves
    const min = Math.ceil(Math.max(lo, -(2 ** 31)));
    const max = Math.floor(Math.min(hi, 2 ** 31));
    return min <= max ? fc.oneof(fc.constantFrom(lo, hi), fc.integer({ min, max })) : fc.constantFrom(lo, hi);
  }
  if (t === 'boolean') return fc.boolean();
  if (t === 'null') return fc.constant(null);
  if (t === 'array') return fc.array(valueFor(s.items ?? {}, depth + 1), { maxLength: 3 });
  if (t === 'object' || s.properties) return objectFor(s, depth + 1);
  return anyJson;
}

/** For one schema: mostly near-valid values, sometimes anything at all. */
export function valueFor(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return anyJson;
  return fc.oneof(
    { weight: 3, arbitrary: nearValid(s, depth) },
    { weight: 1, arbitrary: nastyString },
    { weight: 1, arbitrary: anyJson },
  );
}

/** An object for the schema: each declared key kept, dropped or spoiled, and sometimes unknown or protected keys added. */
export function objectFor(s: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const fields = props.map(([k, v]) =>
    fc.option(valueFor(v, depth), { freq: 4, nil: undefined }).map((val) => [k, val] as const),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.string({ maxLength: 10 }),
        fc.constantFrom('company_uuid', 'reseller_uuid', 'user_type', 'is_admin', '__proto__', 'constructor'),
      ),
      anyJson,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([kv, more]) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of kv) if (v !== undefined) o[k] = v;
    for (const [k, v] of more)
      Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  });
}

/** A path segment: a uuid that names nothing, or a malformed one. */
export const badId = fc.oneof(
  fc.uuid(),
  nastyString.filter((v) => v.length > 0 && v.length < 300),
);

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as its raw (invalid) UTF-8 bytes instead of throwing. */
export function encodeLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return Array.from(s, (ch) => {
      if (ch.length > 1 || !/[\uD800-\uDFFF]/.test(ch)) return encodeURIComponent(ch);
      const c = ch.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }).join('');
  }
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: unknown;
  rawPayload?: string | Buffer;
  headers: Record<string, string>;
  /** ids of another tenant than the caller's that the request names (path, query or body) */
  foreign?: string[];
}

/** The path with its parameters filled in and percent-encoded. */
export const fillPath = (op: Operation, vals: unknown[]) =>
  op.pathParams.reduce((p, param, i) => p.replace(`{${param.name}}`, encodeLoose(String(vals[i]))), op.path);

/** A query string of name/value pairs (objects as JSON), each part percent-encoded. */
export const queryString = (pairs: readonly (readonly [string, unknown])[]) =>
  pairs
    .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&');

/** One generated request for an operation. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.tuple(...op.pathParams.map(() => badId)).map((vals) => fillPath(op, vals));
  const queryArb = fc
    .tuple(...op.query.map((q) => fc.option(valueFor(q.schema), { freq: 2, nil: undefined })))
    .map((vals) => op.query.map((q, i) => [q.name, vals[i]] as const).filter(([, v]) => v !== undefined));
  const bodyArb: fc.Arbitrary<{ payload?: unknown; rawPayload?: string; type?: string }> = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: objectFor(op.body).map((payload) => ({ payload })) },
        { weight: 1, arbitrary: anyJson.map((payload) => ({ payload })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{', '{"a":', '[]', 'null', '{"__proto__":{"x":1}}', 'not json')
            .map((rawPayload) => ({ rawPayload, type: 'application/json' })),
        },
      )
    : op.rawBody
      ? fc.oneof(
          fc.constant({}),
          anyJson.map((payload) => ({ payload })),
          fc
            .constantFrom(
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na\u0000b\r\n--x--',
              '--x\r\n\r\n',
            )
            .map((rawPayload) => ({ rawPayload, type: 'multipart/form-data; boundary=x' })),
        )
      : fc.constant({});
  return fc.tuple(pathArb, queryArb, bodyArb).map(([path, query, body]) => {
    const qs = queryString(query);
    const headers: Record<string, string> = {};
    if (body.type) headers['content-type'] = body.type;
    else if (body.payload !== undefined) headers['content-type'] = 'application/json';
    return {
      method: op.method,
      url: qs ? `${path}?${qs}` : path,
      payload: body.payload,
      rawPayload: body.rawPayload,
      headers,
    };
  });
}
