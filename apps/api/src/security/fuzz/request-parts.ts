// The parts the fuzz classes build requests from: path ids of the caller's own, plausible queries and
// bodies, fields found in a schema, and one oversized upload shared by every run.
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';
import { badId, fillPath, queryString, type FuzzRequest } from './arbitraries';
import { plausible, type PlausibleContext } from './plausible';
import { TenantIndex, type Tenant } from './tenancy';

export interface ClassContext {
  index: TenantIndex;
  tenant: Tenant;
}

export const MiB = 1024 * 1024;
let bigForm: Buffer | undefined;
/** One multipart form with a 33 MiB CSV of short rate lines (above the largest upload limit), made once and shared. */
export function oversizedForm(): Buffer {
  if (!bigForm) {
    const csv = `code,price\n${'4412345,0.01\n'.repeat(Math.ceil((33 * MiB) / 13))}`;
    bigForm = Buffer.concat([
      Buffer.from(
        `--fuzzx\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--fuzzx--\r\n`),
    ]);
  }
  return bigForm;
}

/** The id kind of a path parameter, from the segment before it: /company/{id} names a company_uuid. */
export function pathKind(op: Operation, name: string): string | undefined {
  const parts = op.path.split('/');
  const at = parts.indexOf(`{${name}}`);
  const before = parts
    .slice(0, at)
    .reverse()
    .find((p) => !p.startsWith('{'));
  return before ? `${before.replace(/s$/, '')}_uuid` : undefined;
}

/** Path ids: mostly the caller's own of the right kind (so the handler runs), sometimes one that names nothing. */
export function ownPath(op: Operation, ctx: ClassContext): fc.Arbitrary<string> {
  return fc
    .tuple(
      ...op.pathParams.map((p) => {
        const own = ctx.index.ownIds(ctx.tenant, pathKind(op, p.name) ?? '');
        return own.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, badId) : badId;
      }),
    )
    .map((vals) => fillPath(op, vals));
}

export const pctx = (ctx: ClassContext, extra: Partial<PlausibleContext> = {}): PlausibleContext => ({
  ...ctx,
  ...extra,
});

export function request(
  op: Operation,
  path: string,
  query: readonly (readonly [string, unknown])[],
  body?: { text?: string | Buffer; payload?: unknown; type?: string },
  foreign?: string[],
): FuzzRequest {
  const qs = queryString(query);
  const headers: Record<string, string> = {};
  if (body?.type) headers['content-type'] = body.type;
  else if (body?.payload !== undefined || body?.text !== undefined) headers['content-type'] = 'application/json';
  return {
    method: op.method,
    url: qs ? `${path}?${qs}` : path,
    payload: body?.payload,
    rawPayload: body?.text,
    headers,
    ...(foreign?.length ? { foreign } : {}),
  };
}

/** Plausible query pairs: required ones always, optional ones sometimes. */
export function plausibleQuery(op: Operation, ctx: PlausibleContext) {
  return fc
    .tuple(
      ...op.query.map((q) =>
        q.required ? plausible(q.name, q.schema, ctx) : fc.option(plausible(q.name, q.schema, ctx), { nil: undefined }),
      ),
    )
    .map((vals) => op.query.map((q, i) => [q.name, vals[i]] as const).filter(([, v]) => v !== undefined));
}

/** Names in an object schema (and one level of nested objects and arrays of objects) matching `test`. */
export function fieldsOf(s: JsonSchema | undefined, test: (name: string, s: JsonSchema) => boolean): string[][] {
  const out: string[][] = [];
  for (const [k, v] of Object.entries(s?.properties ?? {})) {
    if (test(k, v)) out.push([k]);
    const inner = v.properties ? v : v.items?.properties ? v.items : undefined;
    for (const [k2, v2] of Object.entries(inner?.properties ?? {})) if (test(k2, v2)) out.push([k, k2]);
  }
  return out;
}

/** Sets a value at a path of a generated body, through one array level. */
export function setAt(o: Record<string, unknown>, path: string[], value: unknown) {
  const [head, ...rest] = path;
  if (!rest.length) {
    o[head] = value;
    return;
  }
  let inner = o[head];
  if (Array.isArray(inner)) inner = inner[0] ??= {};
  if (!inner || typeof inner !== 'object') inner = o[head] = {};
  setAt(inner as Record<string, unknown>, rest, value);
}
