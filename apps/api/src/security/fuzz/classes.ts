import fc from 'fast-check';
import type { Operation } from './openapi-operations';
import { badId, fillPath, type FuzzRequest } from './arbitraries';
import {
  IMPOSSIBLE_DATES,
  KEY_MARK,
  NUMBER_MARK,
  isDateField,
  isIdField,
  isNumeric,
  kindOf,
  plausibleObject,
} from './plausible';
import { TenantIndex } from './tenancy';
import {
  fieldsOf,
  MiB,
  oversizedForm,
  ownPath,
  pathKind,
  pctx,
  plausibleQuery,
  request,
  setAt,
  type ClassContext,
} from './request-parts';

/**
 * The kinds of bad input an outside probe found 5xx answers or cross-tenant reads with. `mixed` is the
 * fuzzer's original generator (any shape, nasty strings); each other class aims one kind of input at
 * every route where it applies, inside an otherwise plausible request so it reaches the handler.
 */
export const FUZZ_CLASSES = [
  'mixed',
  'proto-keys',
  'non-finite',
  'out-of-range',
  'impossible-date',
  'content-type',
  'oversized',
  'cross-tenant',
] as const;
export type FuzzClass = (typeof FUZZ_CLASSES)[number];

export const PROTO_KEYS = [
  'constructor',
  'toString',
  'valueOf',
  '__proto__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];
const NON_FINITE_QUERY = ['Infinity', '-Infinity', 'NaN', '1e999', '-1e999', '+Infinity', '1e308', '9007199254740993'];
const NON_FINITE_JSON = ['1e999', '-1e999', '1e400', '-1e400', '123e45678'];
const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/csv',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];

/** One generated request of `cls` for `op`, or null when the class has nothing to aim at on that route. */
export function classRequest(op: Operation, cls: FuzzClass, ctx: ClassContext): fc.Arbitrary<FuzzRequest> | null {
  const path = ownPath(op, ctx);
  const query = plausibleQuery(op, pctx(ctx));
  const body = op.body ? plausibleObject(op.body, pctx(ctx)) : undefined;
  const takesBody = !!op.body || op.rawBody;

  switch (cls) {
    case 'mixed':
      return null;
    case 'proto-keys': {
      const key = fc.constantFrom(...PROTO_KEYS);
      const val = fc.constantFrom<unknown>(1, 'x', {}, [], null, true, { a: 1 });
      const inQuery = fc
        .tuple(path, query, key, val)
        .map(([p, q, k, v]) => request(op, p, [...q, [k, typeof v === 'object' ? 'x' : v]]));
      if (!body) return op.query.length ? inQuery : null;
      const nested = fieldsOf(op.body, (_n, s) => !!s.properties || !!s.items?.properties);
      const inBody = fc.tuple(path, query, body, key, val, fc.nat(nested.length)).map(([p, q, b, k, v, at]) => {
        const target = at < nested.length ? nested[at] : [];
        if (target.length) setAt(b, [...target, KEY_MARK], v);
        else b[KEY_MARK] = v;
        return request(op, p, q, { text: JSON.stringify(b).replace(`"${KEY_MARK}"`, JSON.stringify(k)) });
      });
      return op.query.length ? fc.oneof({ weight: 3, arbitrary: inBody }, inQuery) : inBody;
    }
    case 'non-finite':
    case 'out-of-range': {
      const numericQuery = op.query.filter((q) => isNumeric(q.schema));
      const numericBody = fieldsOf(op.body, (_n, s) => isNumeric(s));
      if (!numericQuery.length && !numericBody.length) return null;
      const arbs: fc.Arbitrary<FuzzRequest>[] = [];
      if (numericQuery.length) {
        const bad =
          cls === 'non-finite'
            ? fc.constantFrom(...NON_FINITE_QUERY)
            : fc.constantFrom('-1', '2147483648', '9223372036854775808', '-9223372036854775809', '0.5', '1e20');
        arbs.push(
          fc
            .tuple(path, query, fc.constantFrom(...numericQuery), bad)
            .map(([p, q, target, v]) => request(op, p, [...q.filter(([k]) => k !== target.name), [target.name, v]])),
        );
      }
      if (numericBody.length && op.body) {
        const marked = plausibleObject(
          op.body,
          pctx(ctx, { numbers: cls === 'non-finite' ? 'mark' : 'out-of-range' }),
        ).chain((b) => fc.tuple(fc.constant(b), fc.constantFrom(...numericBody), fc.constantFrom(...NON_FINITE_JSON)));
        arbs.push(
          fc.tuple(path, query, marked).map(([p, q, [b, target, lit]]) => {
            if (cls === 'non-finite') setAt(b, target, NUMBER_MARK);
            return request(op, p, q, { text: JSON.stringify(b).replaceAll(`"${NUMBER_MARK}"`, lit) });
          }),
        );
      }
      return fc.oneof(...arbs);
    }
    case 'impossible-date': {
      const dateQuery = op.query.filter((q) => isDateField(q.name, q.schema));
      const dateBody = fieldsOf(op.body, isDateField);
      if (!dateQuery.length && !dateBody.length) return null;
      const bad = fc.constantFrom(...IMPOSSIBLE_DATES);
      const arbs: fc.Arbitrary<FuzzRequest>[] = [];
      if (dateQuery.length)
        arbs.push(
          fc
            .tuple(path, query, fc.constantFrom(...dateQuery), bad)
            .map(([p, q, target, v]) => request(op, p, [...q.filter(([k]) => k !== target.name), [target.name, v]])),
        );
      if (dateBody.length && body)
        arbs.push(
          fc.tuple(path, query, body, fc.constantFrom(...dateBody), bad).map(([p, q, b, target, v]) => {
            setAt(b, target, v);
            return request(op, p, q, { payload: b });
          }),
        );
      return fc.oneof(...arbs);
    }
    case 'content-type': {
      if (!takesBody) return null;
      const text = body ? body.map((b) => JSON.stringify(b)) : fc.constant('code,price\n44,0.01\n');
      return fc
        .tuple(path, query, text, fc.constantFrom(...WRONG_TYPES))
        .map(([p, q, t, type]) => request(op, p, q, { text: t, type }));
    }
    case 'oversized': {
      const csvField = !!op.body?.properties?.csv;
      if (!op.rawBody && !op.multipart && !csvField) return null;
      // a JSON csv one byte over the 1 MiB default, or a multipart file above the largest upload limit
      const json = fc.constant(null).map(() => ({
        text: JSON.stringify({ csv: `number\n${'15550000000\n'.repeat(Math.ceil(MiB / 12))}` }),
      }));
      const file = fc.constant(null).map(() => ({
        text: oversizedForm(),
        type: 'multipart/form-data; boundary=fuzzx',
      }));
      const upload = op.rawBody || op.multipart;
      const kind = csvField && upload ? fc.oneof(json, file) : csvField ? json : file;
      return fc.tuple(path, query, kind).map(([p, q, b]) => request(op, p, q, b));
    }
    case 'cross-tenant':
      return crossTenant(op, ctx, path, query, body);
  }
}

/** A plausible request where one id (path, query or body) belongs to another tenant than the caller's. */
function crossTenant(
  op: Operation,
  ctx: ClassContext,
  path: fc.Arbitrary<string>,
  query: fc.Arbitrary<(readonly [string, unknown])[]>,
  body: fc.Arbitrary<Record<string, unknown>> | undefined,
): fc.Arbitrary<FuzzRequest> | null {
  // a public call (sign-up by a reseller's link, its brand by host) names other tenants' ids by design
  if (op.isPublic || (!ctx.tenant.company && !ctx.tenant.reseller)) return null;
  const foreignOf = (kind?: string) => {
    const ids = ctx.index.foreignIds(ctx.tenant, kind);
    return ids.length ? fc.constantFrom(...ids) : null;
  };
  const arbs: fc.Arbitrary<FuzzRequest>[] = [];
  for (const p of op.pathParams) {
    const id = foreignOf(pathKind(op, p.name));
    if (!id) continue;
    const others = op.pathParams.filter((o) => o !== p);
    arbs.push(
      fc.tuple(id, ...others.map(() => badId), query, body ?? fc.constant(undefined)).map(([fid, ...rest]) => {
        const b = rest.pop() as Record<string, unknown> | undefined;
        const q = rest.pop() as (readonly [string, unknown])[];
        const vals = op.pathParams.map((o) => (o === p ? fid : rest.shift()));
        return request(op, fillPath(op, vals), q, b ? { payload: b } : undefined, [fid]);
      }),
    );
  }
  for (const q of op.query.filter((x) => isIdField(x.name, x.schema))) {
    const id = foreignOf(kindOf(q.name));
    if (!id) continue;
    arbs.push(
      fc
        .tuple(path, query, id)
        .map(([p, qs, fid]) => request(op, p, [...qs.filter(([k]) => k !== q.name), [q.name, fid]], undefined, [fid])),
    );
  }
  if (body && op.body) {
    for (const target of fieldsOf(op.body, isIdField)) {
      const id = foreignOf(kindOf(target[target.length - 1]));
      if (!id) continue;
      const isArray = op.body.properties?.[target[0]]?.type === 'array' && target.length === 1;
      arbs.push(
        fc.tuple(path, query, body, id).map(([p, q, b, fid]) => {
          setAt(b, target, isArray ? [fid] : fid);
          return request(op, p, q, { payload: b }, [fid]);
        }),
      );
    }
  }
  return arbs.length ? fc.oneof(...arbs) : null;
}

/**
 * Whether a 2xx answer to a request naming another tenant's ids is a cross-tenant success: a write or a
 * read by that id that went through, or any answer that shows one of the ids back.
 */
export function crossTenantSuccess(req: FuzzRequest, status: number, body: string): string | null {
  if (!req.foreign?.length || status < 200 || status >= 300) return null;
  const shown = req.foreign.find((id) => body.includes(id));
  const inPath = req.foreign.find((id) => req.url.split('?')[0].includes(id));
  if (shown) return `answered ${status} and showed another tenant's id ${shown}`;
  if (inPath) return `answered ${status} to another tenant's id ${inPath} in the path`;
  if (req.method !== 'GET') return `answered ${status} to a ${req.method} naming another tenant's id ${req.foreign[0]}`;
  return null;
}

export { TenantIndex };
