import { useLayoutEffect, useRef } from 'react';
import { Empty, Table as AntTable, type TableProps } from 'antd';
import { focusableScrollRegions } from './keyboard-scroll';

/** The scroll region's name (a screen that wants its own wraps the table in KeyboardScroll, which names it first). */
const SCROLL_LABEL = 'Table, scrolls sideways';

/**
 * antd's Table as every screen gets it from this lib: the region it scrolls sideways in is a tab stop (WCAG 2.1.1;
 * axe's scrollable-region-focusable), and an empty message given as text is drawn by Empty, in the theme's readable
 * description colour (the table's own placeholder text is the disabled grey, under 2:1 in either theme). Screens
 * that build their own table (a report, a job list, a delivery log) need nothing of their own for either.
 */
function KeyboardTable<T extends object>(props: TableProps<T>) {
  const ref = useRef<{ nativeElement?: HTMLElement } | null>(null);
  // every render: the table may replace its scroll container when its data or loading state changes
  useLayoutEffect(() => {
    if (ref.current?.nativeElement) focusableScrollRegions(ref.current.nativeElement, SCROLL_LABEL);
  });
  const empty = props.locale?.emptyText;
  const locale =
    typeof empty === 'string'
      ? { ...props.locale, emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }
      : props.locale;
  return <AntTable<T> {...props} locale={locale} ref={ref as never} />;
}

export const Table = Object.assign(KeyboardTable, {
  Summary: AntTable.Summary,
  Column: AntTable.Column,
  ColumnGroup: AntTable.ColumnGroup,
  SELECTION_COLUMN: AntTable.SELECTION_COLUMN,
  EXPAND_COLUMN: AntTable.EXPAND_COLUMN,
  SELECTION_ALL: AntTable.SELECTION_ALL,
  SELECTION_INVERT: AntTable.SELECTION_INVERT,
  SELECTION_NONE: AntTable.SELECTION_NONE,
}) as unknown as typeof AntTable;
