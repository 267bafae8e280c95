import { act, renderHook } from '@testing-library/react';
import { ROW_CUE_MS, ROW_CUE_STYLE, useRowCue } from './row-cue';

type Row = { id: string; status: string };
const idOf = (r: Row) => r.id;
const statusOf = (r: Row) => r.status;

describe('useRowCue: the quiet cue on rows a live refetch changed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('marks new rows and changed statuses of the same query for a while; never the first answer or a new page', () => {
    const first: Row[] = [
      { id: 'a', status: 'queued' },
      { id: 'b', status: 'queued' },
    ];
    const { result, rerender } = renderHook(({ rows, scope }) => useRowCue(rows, idOf, statusOf, scope), {
      initialProps: { rows: first, scope: 'page0' },
    });
    expect([...result.current]).toEqual([]);

    // a live refetch: b delivered, c new, a as it was
    rerender({
      rows: [
        { id: 'c', status: 'queued' },
        { id: 'a', status: 'queued' },
        { id: 'b', status: 'delivered' },
      ],
      scope: 'page0',
    });
    expect([...result.current].sort()).toEqual(['b', 'c']);
    act(() => jest.advanceTimersByTime(ROW_CUE_MS));
    expect([...result.current]).toEqual([]);

    // another page is a new list: nothing on it is marked
    rerender({ rows: [{ id: 'x', status: 'failed' }], scope: 'page1' });
    expect([...result.current]).toEqual([]);
  });

  it('tints without motion when the system asks for reduced motion', () => {
    expect(ROW_CUE_STYLE).toMatch(/@media \(prefers-reduced-motion: reduce\) \{[^}]*animation: none/);
  });
});
