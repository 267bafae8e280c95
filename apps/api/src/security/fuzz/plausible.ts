import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';
import type { Tenant, TenantIndex } from './tenancy';

/** Markers the trust classes put in a generated body and swap in the JSON text for what JSON.stringify cannot write. */
export const NUMBER_MARK = '@@number@@';
export const KEY_MARK = '@@key@@';

export interface PlausibleContext {
  index: TenantIndex;
  tenant: Tenant;
  /** how numbers are generated: in range, at the marker (swapped for a non-finite literal), or out of range */
  numbers?: 'valid' | 'mark' | 'out-of-range';
  /** a date-like string field gets an impossible date */
  dates?: 'valid' | 'impossible';
}

/** Columns whose values fit a field of another name: a message's sender is one of the caller's numbers. */
const ALIASES: Record<string, string[]> = {
  ani: ['did', 'sender_id'],
  dnis: ['number', 'did'],
  numbers: ['did', 'number'],
  sender: ['did'],
};

const typeOf = (s: JsonSchema) => [s.type ?? []].flat().find((t) => t !== 'null');

export const IMPOSSIBLE_DATES = [
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '2025-02-29',
  '2026-04-31',
  '2026-00-10',
  '9999-99-99',
  '2026-02-30T10:00:00Z',
  '2026-06-01T25:61:00Z',
  '0000-00-00T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-14T00:00:00Z',
];

/** A field that holds a date or a time, by its schema or its name (date_lte, created_on_gte, send_at, ...). */
export function isDateField(name: string, s: JsonSchema): boolean {
  if (typeOf(s) !== 'string' && !(s.anyOf ?? s.oneOf)?.some((a) => typeOf(a) === 'string')) return false;
  if (s.format === 'date' || s.format === 'date-time') return true;
  if ((s.anyOf ?? s.oneOf)?.some((a) => a.format === 'date' || a.format === 'date-time')) return true;
  return /(^|_)(date|day|month|on|at|from|until|since|gte|lte|start|end|effective)(_|$)/.test(name);
}

export const isNumeric = (s: JsonSchema): boolean =>
  typeOf(s) === 'integer' ||
  typeOf(s) === 'number' ||
  !!(s.anyOf ?? s.oneOf)?.some((a) => typeOf(a) === 'integer' || typeOf(a) === 'number');

/** The id kind a field names: `did_uuid` for did_uuid, none for a bare `id`. */
export const kindOf = (name: string) => (/_uuid$/.test(name) ? name : undefined);

export const isIdField = (name: string, s: JsonSchema) =>
  s.format === 'uuid' ||
  /(^|_)uuid$/.test(name) ||
  !!(s.anyOf ?? s.oneOf)?.some((a) => a.format === 'uuid') ||
  (typeOf(s) === 'array' && !!s.items && s.items.format === 'uuid');

function stringFor(name: string, s: JsonSchema, ctx: PlausibleContext): fc.Arbitrary<unknown> {
  if (ctx.dates === 'impossible' && isDateField(name, s)) return fc.constantFrom(...IMPOSSIBLE_DATES);
  if (s.format === 'uuid') {
    const own = ctx.index.ownIds(ctx.tenant, name);
    return own.length ? fc.constantFrom(...own) : fc.uuid();
  }
  const own = [name, ...(ALIASES[name] ?? [])].flatMap((column) => ctx.index.ownValues(ctx.tenant, column));
  const fits = own.filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
  if (fits.length) return fc.constantFrom(...fits);
  if (s.format === 'email') return fc.nat(1e6).map((n) => `fuzz-${n}@example.org`);
  if (s.format === 'date-time')
    return fc.integer({ min: 1, max: 400 }).map((d) => new Date(Date.UTC(2027, 0, d)).toISOString());
  if (s.format === 'date' || isDateField(name, s))
    return fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
  if (s.pattern) {
    try {
      const [lo, hi] = [s.minLength ?? 0, s.maxLength ?? Infinity];
      return fc
        .stringMatching(new RegExp(s.pattern), { size: 'small' })
        .filter((v) => v.length >= lo && v.length <= hi);
    } catch {
      // a pattern fast-check cannot generate from: fall through to plain text
    }
  }
  const min = s.minLength ?? 1;
  return fc.string({
    minLength: min,
    maxLength: Math.max(min, Math.min(s.maxLength ?? 20, 20)),
    unit: 'grapheme-ascii',
  });
}

function numberFor(s: JsonSchema, ctx: PlausibleContext): fc.Arbitrary<unknown> {
  const lo = s.minimum ?? 0;
  const hi = s.maximum ?? lo + 100;
  if (ctx.numbers === 'mark') return fc.constant(NUMBER_MARK);
  if (ctx.numbers === 'out-of-range')
    return fc.constantFrom(lo - 1, hi + 1, 2 ** 63, -(2 ** 63), Number.MAX_VALUE, -Number.MAX_VALUE);
  return typeOf(s) === 'integer'
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
}

/** A value likely to pass validation: the caller's own ids and values, enum members, pattern matches. */
export function plausible(name: string, s: JsonSchema, ctx: PlausibleContext, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = (s.anyOf ?? s.oneOf)?.filter((a) => typeOf(a) !== 'null' || a.const !== undefined);
  if (alts?.length) return fc.oneof(...alts.map((a) => plausible(name, a, ctx, depth)));
  if (s.allOf?.length) return plausible(name, Object.assign({}, ...s.allOf), ctx, depth);
  const t = typeOf(s);
  if (t === 'string') return stringFor(name, s, ctx);
  if (t === 'integer' || t === 'number') return numberFor(s, ctx);
  if (t === 'boolean') return fc.boolean();
  if (t === 'null') return fc.constant(null);
  if (t === 'array')
    return depth > 3
      ? fc.constant([])
      : fc.array(plausible(name, s.items ?? {}, ctx, depth + 1), { minLength: 1, maxLength: 2 });
  if (t === 'object' || s.properties) return depth > 3 ? fc.constant({}) : plausibleObject(s, ctx, depth + 1);
  return fc.constant('x');
}

/** An object with every required key and some optional ones, each plausible. */
export function plausibleObject(
  s: JsonSchema,
  ctx: PlausibleContext,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(s.required ?? []);
  const entries = Object.entries(s.properties ?? {})
    // an optional id the caller owns none of would only be refused as unknown: leave it out
    .filter(([k, v]) => required.has(k) || !isIdField(k, v) || ctx.index.ownIds(ctx.tenant, k).length > 0)
    .map(([k, v]) =>
      (required.has(k)
        ? plausible(k, v, ctx, depth)
        : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, plausible(k, v, ctx, depth))
      ).map((val) => [k, val] as const),
    );
  return fc.tuple(...entries).map((kv) => Object.fromEntries(kv.filter(([, v]) => v !== undefined)));
}
