import { Spin } from 'antd';

export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin />
      <span style={{ marginLeft: 12 }}>{label}</span>
    </div>
  );
}
