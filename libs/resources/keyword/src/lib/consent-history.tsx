import { useState } from 'react';
import { describeApiError } from '@smsc/shared-api';
import type { ConsentEvent } from '@smsc/shared-contract';
import { Alert, Button, Card, Input, Space, Table, Tag, Typography } from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import { useLazyListConsentEventsQuery } from './opt-outs.api';
import { SCOPE_LABELS } from './opt-out-settings';

const SOURCE_NAMES: Record<ConsentEvent['source'], string> = {
  keyword: 'Texted keyword',
  import: 'Import',
  console: 'Console',
  api: 'API',
};

/** Every opt-in and opt-out of one number, newest first: the evidence of its consent (GET /consent_event/list). */
export function ConsentHistoryPanel() {
  const [number, setNumber] = useState('');
  const [load, result] = useLazyListConsentEventsQuery();
  const look = () => {
    if (number.trim()) void load({ number: number.trim() });
  };
  return (
    <Card title="Consent history" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Every opt-out and opt-in of a number is kept with where it came from, when, and the words used.
      </Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Input
          aria-label="Phone number"
          placeholder="+34612345678"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          onPressEnter={look}
          style={{ width: 220 }}
        />
        <Button type="primary" onClick={look} loading={result.isFetching}>
          Show history
        </Button>
      </Space>
      {result.error ? (
        <Alert type="warning" showIcon title="No history" description={describeApiError(result.error)} />
      ) : result.data ? (
        <>
          {result.data.total > result.data.items.length && (
            <Typography.Paragraph type="secondary" data-testid="consent-latest">
              The latest {result.data.items.length} of {result.data.total} changes
            </Typography.Paragraph>
          )}
          <Table<ConsentEvent>
            rowKey="consent_event_uuid"
            size="small"
            dataSource={result.data.items}
            pagination={false}
            locale={{ emptyText: 'No opt-out or opt-in recorded for this number' }}
            columns={[
              { title: 'When', key: 'when', render: (_, e) => formatDateTime(e.created_on, { label: true }) },
              {
                title: 'What',
                key: 'action',
                render: (_, e) =>
                  e.action === 'opt_out' ? <Tag color="red">Opted out</Tag> : <Tag color="green">Opted in</Tag>,
              },
              { title: 'Source', key: 'source', render: (_, e) => SOURCE_NAMES[e.source] },
              { title: 'Text', dataIndex: 'text', render: (t: string | null) => t ?? '' },
              { title: 'Scope', key: 'scope', render: (_, e) => (e.scope ? SCOPE_LABELS[e.scope] : '') },
              { title: 'To number', dataIndex: 'sender', render: (t: string | null) => t ?? '' },
              { title: 'By', dataIndex: 'user_email', render: (t: string | null) => t ?? '' },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
