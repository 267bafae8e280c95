import { ConfigProvider, Segmented } from 'antd';
import type { ReactNode } from 'react';
import type { ListDensity } from './use-list-density';

const OPTIONS = [
  { label: 'Comfortable', value: 'comfortable' },
  { label: 'Compact', value: 'compact' },
];

/** Two radio-like options (arrow keys move between them): the list's row density. */
export function DensitySwitch({ value, onChange }: { value: ListDensity; onChange(next: ListDensity): void }) {
  return (
    <Segmented aria-label="Row density" options={OPTIONS} value={value} onChange={(v) => onChange(v as ListDensity)} />
  );
}

// Compact rows: antd's small table with tighter cells and 13 px text. Row buttons keep their 24 px
// (WCAG 2.2 target size), which sets a row to about 31 px against 55 px for the default size:
// nearly twice the rows on a screen.
const COMPACT_TABLE = { cellPaddingBlockSM: 3, cellPaddingInlineSM: 8, cellFontSizeSM: 13 };

/** Wraps a table so its compact size uses the tighter cells (the app's theme still applies). */
export function CompactTheme({ on, children }: { on: boolean; children: ReactNode }) {
  if (!on) return children;
  return <ConfigProvider theme={{ components: { Table: COMPACT_TABLE } }}>{children}</ConfigProvider>;
}
