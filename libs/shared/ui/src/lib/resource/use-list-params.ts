import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { endOfZonedDay, startOfZonedDay, wildcard } from '@smsc/shared-util';
import type { ListQueryArg, ResourceDefinition, SearchKind, SortDir } from './types';

export const DEFAULT_PER_PAGE = 10;
const RESERVED = new Set(['page', 'per_page', 'order_by', 'order_dir']);

export type FilterValues = Record<string, string | boolean | undefined>;

function toInt(text: string | null, fallback: number, min: number): number {
  if (text === null || !/^\d+$/.test(text)) return fallback;
  const n = Number(text);
  return n >= min ? n : fallback;
}

/** what paging needs of a definition: the searchable columns, default order and page size */
export type ListDefinition = Pick<ResourceDefinition<unknown>, 'defaultSort' | 'perPage'> & {
  columns: { key: string; search?: SearchKind }[];
};
type Def = ListDefinition;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The URL keys a searchable column fills: its own, or for a day range its from and to days. */
export const filterKeys = (col: { key: string; search?: SearchKind }): string[] =>
  col.search === 'days' ? [`${col.key}_gte`, `${col.key}_lte`] : [col.key];

/** Search filters as the URL keeps them: text unwrapped, booleans as true/false, selects as given. */
export function readFilters(definition: Def, params: URLSearchParams): FilterValues {
  const out: FilterValues = {};
  for (const col of definition.columns) {
    if (!col.search || RESERVED.has(col.key)) continue;
    if (col.search === 'days') {
      for (const k of filterKeys(col)) {
        const day = params.get(k);
        if (day && DAY.test(day)) out[k] = day;
      }
      continue;
    }
    const raw = params.get(col.key);
    if (raw === null || raw === '') continue;
    if (col.search === 'boolean') {
      if (raw === 'true' || raw === 'false') out[col.key] = raw === 'true';
    } else {
      out[col.key] = raw;
    }
  }
  return out;
}

/** The list endpoint's argument for a URL: 0-based page, defaults filled in, text filters in *wildcards*. */
export function buildListQueryArg(definition: Def, params: URLSearchParams): ListQueryArg {
  const arg: ListQueryArg = {
    page: toInt(params.get('page'), 0, 0),
    per_page: toInt(params.get('per_page'), definition.perPage ?? DEFAULT_PER_PAGE, 1),
  };
  const dir = params.get('order_dir');
  const orderBy = params.get('order_by') || definition.defaultSort?.order_by;
  const orderDir: SortDir | undefined =
    dir === 'asc' || dir === 'desc' ? dir : params.get('order_by') ? 'asc' : definition.defaultSort?.order_dir;
  if (orderBy) {
    arg.order_by = orderBy;
    arg.order_dir = orderDir ?? 'asc';
  }
  const filters = readFilters(definition, params);
  for (const col of definition.columns) {
    if (col.search === 'days') {
      // the days are the account zone's: from its midnight up to the last instant before the next one
      const [from, to] = filterKeys(col);
      if (filters[from]) arg[from] = startOfZonedDay(String(filters[from])).toISOString();
      if (filters[to]) arg[to] = new Date(endOfZonedDay(String(filters[to])).getTime() - 1).toISOString();
      continue;
    }
    const value = filters[col.key];
    if (value === undefined) continue;
    arg[col.key] = col.search === 'text' ? wildcard(String(value)) : value;
  }
  return arg;
}

/**
 * Paging, sorting and search of a list kept in the URL, so a reload, Back or a shared link shows the
 * same view. Pages are counted from 0 in the URL and the API (docs/spec.md §7).
 */
export function useListParams(definition: Def) {
  const [params, setParams] = useSearchParams();
  const queryArg = useMemo(() => buildListQueryArg(definition, params), [definition, params]);
  const filters = useMemo(() => readFilters(definition, params), [definition, params]);

  // react-router hands its updater the params of the last render, not of the last call, so a page
  // click right after a sort click (before a re-render) would drop the sort. Build on the newest.
  const latest = useRef(params);
  latest.current = params;
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next);
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number, perPage?: number) =>
      update((next) => {
        next.set('page', String(Math.max(0, page)));
        if (perPage !== undefined) next.set('per_page', String(perPage));
      }),
    [update],
  );

  /** a new order starts again at page 0; no column clears the order back to the default */
  const setSort = useCallback(
    (orderBy?: string, orderDir?: SortDir) =>
      update((next) => {
        if (orderBy) {
          next.set('order_by', orderBy);
          next.set('order_dir', orderDir ?? 'asc');
        } else {
          next.delete('order_by');
          next.delete('order_dir');
        }
        next.set('page', '0');
      }),
    [update],
  );

  /** replaces every search filter (empty values are dropped) and goes back to page 0 */
  const setFilters = useCallback(
    (values: FilterValues) =>
      update((next) => {
        for (const col of definition.columns) {
          if (!col.search || RESERVED.has(col.key)) continue;
          for (const key of filterKeys(col)) {
            const value = values[key];
            if (value === undefined || value === null || String(value).trim() === '') next.delete(key);
            else next.set(key, String(value).trim());
          }
        }
        next.set('page', '0');
      }),
    [update, definition],
  );

  return {
    page: queryArg.page,
    perPage: queryArg.per_page,
    orderBy: queryArg.order_by,
    orderDir: queryArg.order_dir,
    filters,
    queryArg,
    setPage,
    setSort,
    setFilters,
  };
}

export type ListParams = ReturnType<typeof useListParams>;
