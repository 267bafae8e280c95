import { MAX_PER_PAGE } from '@smsc/shared-contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import { HttpError } from './http-error';

/** `*acme*` from the console becomes `%acme%` for ILIKE; literal % and _ are escaped first. */
export function wildcard(text: string): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  // Without explicit wildcards the console still means "contains".
  return text.includes('*') ? escaped : `%${escaped}%`;
}

export function paging(q: { page?: number; per_page?: number }, defaultPerPage = 10) {
  const per_page = Math.min(q.per_page ?? defaultPerPage, MAX_PER_PAGE);
  const page = q.page ?? 0;
  return { per_page, offset: page * per_page };
}

/** Picks an order column from a whitelist so order_by can never inject SQL. */
export function ordering<T extends string>(
  q: { order_by?: string; order_dir?: 'asc' | 'desc' },
  allowed: readonly T[],
  fallback: T,
  dir: 'asc' | 'desc' = 'asc',
) {
  const col = (allowed as readonly string[]).includes(q.order_by ?? '') ? (q.order_by as T) : fallback;
  return { col, dir: q.order_dir ?? dir };
}

export type PageQuery = { page?: number; per_page?: number };
/** The ordered, selecting query of a list: the page is cut from it. */
type Pageable<Row> = { limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } } };

/**
 * One list answer `{ items, total, per_page }`: the page of `rows` and, in parallel, `count(*)` over `counted`
 * (the filtered query with no selection, or the rows query wrapped as a sub-select where it groups or selects).
 */
export async function listPage<Row, DB, TB extends keyof DB, O>(
  query: PageQuery,
  rows: Pageable<Row>,
  counted: SelectQueryBuilder<DB, TB, O>,
  defaultPerPage = 10,
): Promise<{ items: Row[]; total: number; per_page: number }> {
  const { per_page, offset } = paging(query, defaultPerPage);
  const [items, total] = await Promise.all([
    rows.limit(per_page).offset(offset).execute(),
    counted.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow() as Promise<{ n: number }>,
  ]);
  return { items, total: total.n, per_page };
}

/**
 * A keyset page's cursor (`next_cursor`, sent back as `cursor`): the last row's time as Postgres writes it
 * (`col::text`, to the microsecond) and its id, opaque to the caller. A page after it is `(time, id) <` the cursor's,
 * so a next page costs the same at any depth and rows added meanwhile never shift it.
 */
export const encodeCursor = (key: string, id: string) => Buffer.from(`${key}|${id}`).toString('base64url');
export function decodeCursor(c: string): { key: string; id: string } {
  const [key, id] = Buffer.from(c, 'base64url').toString().split('|');
  if (
    !key ||
    !id ||
    !/^[0-9a-f-]{36}$/.test(id) ||
    !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(key)
  )
    throw new HttpError(400, 'cursor: not a cursor of this list');
  return { key, id };
}
