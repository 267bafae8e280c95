import type { ReactNode } from 'react';
import { Button, Space, Typography, type SelectProps } from 'antd';

/** How a picker's choices loaded: what the shared lookups (useCompanyOptions, useVendorOptions) answer. */
export interface LookupState {
  options: { label: ReactNode; value: string | number }[];
  loading?: boolean;
  failed?: boolean;
  retry?: () => void;
}

/** What an open picker shows when its choices could not be loaded, with a way to ask again. */
export function LookupFailed({ retry }: { retry?: () => void }) {
  return (
    <Space orientation="vertical" size={4} role="alert">
      <Typography.Text type="danger">The choices could not be loaded.</Typography.Text>
      {retry && (
        <Button size="small" onClick={retry}>
          Try again
        </Button>
      )}
    </Space>
  );
}

/**
 * A Select's props for a lookup: its options and loading state, and when the list failed to load, the
 * error outline and LookupFailed in place of an empty list (which would read as "there are none").
 */
export function lookupSelectProps(
  lookup: LookupState,
): Pick<SelectProps, 'options' | 'loading' | 'status' | 'notFoundContent'> {
  return {
    options: lookup.options,
    loading: lookup.loading,
    ...(lookup.failed ? { status: 'error' as const, notFoundContent: <LookupFailed retry={lookup.retry} /> } : {}),
  };
}
