/** Page count = total / per_page, rounded up; pages are counted from 0 (docs/spec.md §7). */
export function pageCount(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(perPage) || perPage <= 0) return 0;
  return Math.ceil(total / perPage);
}
