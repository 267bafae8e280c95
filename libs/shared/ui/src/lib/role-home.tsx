// Every role's home shows the same welcome; the area name is the only difference.
import { Card, Descriptions, Typography } from 'antd';
import { useAppSelector } from '@smsc/shared-session';

export function RoleHome({ area }: { area: string }) {
  const session = useAppSelector((s) => s.session);
  return (
    <Card>
      <Typography.Paragraph data-testid="role-home">Welcome to the {area} area.</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'email', label: 'Signed in as', children: session.email ?? '—' },
          { key: 'type', label: 'User type', children: session.userType ?? '—' },
        ]}
      />
    </Card>
  );
}
