import { useParams } from 'react-router';
import { Alert, Card, Table, Tag } from '@smsc/shared-ui';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { useListSmppBindsQuery } from './smpp-account.api';

const TYPE_COLORS = { transmitter: 'blue', receiver: 'purple', transceiver: 'geekblue' } as const;

/** On edit-smpp-account/{id}: the binds open now, refreshed every five seconds. */
export function SmppBindsPanel() {
  const id = useParams().id ?? '';
  const binds = useListSmppBindsQuery(id, { skip: !id, pollingInterval: 5000 });
  return (
    <Card title="Live binds" size="small" style={{ marginTop: 16 }}>
      {binds.isError ? (
        <Alert type="error" showIcon title="The binds could not be read" />
      ) : (
        <Table
          size="small"
          rowKey="bind_id"
          loading={binds.isLoading}
          pagination={false}
          dataSource={binds.data ?? []}
          locale={{ emptyText: 'Not bound: the customer has no open SMPP session now.' }}
          columns={[
            { title: 'Remote address', dataIndex: 'remote_address' },
            {
              title: 'Bind type',
              dataIndex: 'bind_type',
              render: (v: keyof typeof TYPE_COLORS) => <Tag color={TYPE_COLORS[v]}>{v}</Tag>,
            },
            { title: withZone('Since'), dataIndex: 'since', render: (v: string) => formatDateTime(v) },
            { title: 'Submits', dataIndex: 'submits' },
            { title: 'Receipts', dataIndex: 'receipts' },
            { title: 'Incoming', dataIndex: 'incoming' },
            { title: 'Submits/s', dataIndex: 'rate' },
          ]}
        />
      )}
    </Card>
  );
}
