import { useEffect, type ReactNode } from 'react';
import { Card, Typography } from '@smsc/shared-ui/core';

/** The frame of the five public screens: no side bar, no header (spec §2). */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · SMSC Console`;
  }, [title]);
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5', padding: 16 }}>
      <Card style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>{title}</Typography.Title>
        {children}
      </Card>
    </main>
  );
}
