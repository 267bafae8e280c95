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
    // named here even when the lib's Table (drawn first) already made it a tab stop with its plain name
    if (ref.current) focusableScrollRegions(ref.current, label, true);
  });
  return <div ref={ref}>{children}</div>;
}

/** Makes each table scroll region inside `root` a tab stop named `label` (`rename`: even one named already). */
export function focusableScrollRegions(root: HTMLElement, label: string, rename = false) {
  root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((el) => {
    if (el.tabIndex === 0 && (!rename || el.getAttribute('aria-label') === label)) return;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  });
}
