import { MAX_PER_PAGE } from '@smsc/shared-contract';

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
export function ordering<T extends string>(q: { order_by?: string; order_dir?: 'asc' | 'desc' }, allowed: readonly T[], fallback: T, dir: 'asc' | 'desc' = 'asc') {
  const col = (allowed as readonly string[]).includes(q.order_by ?? '') ? (q.order_by as T) : fallback;
  return { col, dir: q.order_dir ?? dir };
}
