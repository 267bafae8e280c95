// Where an SMPP customer connects (issue 45): host, port and TLS port from the server's configuration, shown
// on the SMPP account screens so nobody has to ask support for them.
import { describeApiError } from '@smsc/shared-api';
import { Alert, Card, Descriptions, Skeleton, Typography } from '@smsc/shared-ui';
import { useGetSmppConnectionQuery } from './smpp-account.api';

export function SmppConnectionDetails() {
  const { data, error } = useGetSmppConnectionQuery();
  if (error) return <Alert type="warning" showIcon title={describeApiError(error)} style={{ marginBottom: 16 }} />;
  return (
    <Card title="Where to connect" size="small" style={{ marginBottom: 16 }} data-testid="smpp-connection">
      {data ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'host', label: 'Host', children: <Typography.Text copyable>{data.host}</Typography.Text> },
              { key: 'port', label: 'Port', children: data.port ?? 'Not offered' },
              { key: 'tls', label: 'TLS port', children: data.tls_port ?? 'Not offered' },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Bind with an account&apos;s system ID and password (SMPP 3.4). Messages sent this way show the account in
            the SMS log&apos;s Sent by column.
          </Typography.Paragraph>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}
