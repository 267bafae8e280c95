import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * antd's Table scrolls sideways inside a div it renders itself, which a keyboard cannot reach
 * (WCAG 2.1.1; axe's scrollable-region-focusable). This wrapper makes each such region of the
 * tables inside it a tab stop named after `label`, so arrow keys scroll it.
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // every render: the table may replace its scroll container when its data or loading state changes
  useLayoutEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((el) => {
      if (el.tabIndex === 0) return;
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    });
  });
  return <div ref={ref}>{children}</div>;
}
