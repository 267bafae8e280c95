import { useEffect, useRef, useState } from 'react';

/** how long a changed row stays marked */
export const ROW_CUE_MS = 2500;
export const ROW_CUE_CLASS = 'smsc-row-cue';

/**
 * A quiet cue on a list's rows that appeared or whose status changed while it was on screen (a live event's
 * refetch): their cells' background fades from a light tint. Only the colour moves, never the layout, so
 * nothing shifts under the pointer; with reduced motion the tint shows still and goes at once.
 */
// A translucent tint over the theme's own background: light blue on the light theme, dark blue on the dark one,
// so the row's text keeps its contrast in both (a solid light tint under the dark theme's light text failed axe).
const TINT = 'rgba(22, 119, 255, 0.14)';
export const ROW_CUE_STYLE = `@keyframes ${ROW_CUE_CLASS} { from { background-color: ${TINT}; } to { background-color: transparent; } }
.${ROW_CUE_CLASS} > td { animation: ${ROW_CUE_CLASS} ${ROW_CUE_MS}ms ease-out; }
@media (prefers-reduced-motion: reduce) { .${ROW_CUE_CLASS} > td { animation: none; background-color: ${TINT}; } }`;

/**
 * The keys of rows new, or whose `statusOf` changed, since the previous answer for the same `scope` (the
 * query: a page, sort or search of its own is a new list, not a change), kept for ROW_CUE_MS.
 */
export function useRowCue<T>(
  rows: readonly T[],
  idOf: (row: T) => string,
  statusOf: (row: T) => string,
  scope: string,
): ReadonlySet<string> {
  const seen = useRef<{ scope: string; rows: readonly T[]; status: Map<string, string> } | null>(null);
  const [cued, setCued] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const prev = seen.current;
    if (prev && prev.rows === rows) return;
    const status = new Map(rows.map((r) => [idOf(r), statusOf(r)]));
    seen.current = { scope, rows, status };
    // the first answer, or one for other arguments, is a new list: nothing in it changed
    if (!prev || prev.scope !== scope || prev.status.size === 0) return;
    const changed = new Set([...status].filter(([k, s]) => prev.status.get(k) !== s).map(([k]) => k));
    if (!changed.size) return;
    setCued(changed);
    const timer = setTimeout(() => setCued(new Set()), ROW_CUE_MS);
    return () => clearTimeout(timer);
    // idOf and statusOf are read per answer; a new function each render is no new answer
  }, [rows, scope]);
  return cued;
}
