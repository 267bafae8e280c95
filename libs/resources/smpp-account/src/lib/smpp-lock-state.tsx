import { useParams } from 'react-router';
import { Button, Card, Space, Tag, Typography } from '@smsc/shared-ui';
import type { SmppAccount } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { formatDateTime } from '@smsc/shared-util';
import { useGetSmppAccountQuery, useUnlockSmppAccountMutation } from './smpp-account.api';

/** "Locked until 2026-12-06 14:05 after 10 failed binds", or null when binds are not refused. */
export function lockText(a: Pick<SmppAccount, 'locked_until' | 'failed_binds'>): string | null {
  if (!a.locked_until) return null;
  return `Locked until ${formatDateTime(a.locked_until, { label: true })} after ${a.failed_binds} failed binds`;
}

/** The lock and its Unlock button (any manager of the account); nothing while binds are allowed. */
export function SmppLockState({ account, compact }: { account: SmppAccount; compact?: boolean }) {
  const dispatch = useAppDispatch();
  const [unlock, state] = useUnlockSmppAccountMutation();
  const text = lockText(account);
  if (!text) return null;
  const go = async () => {
    try {
      await unlock(account.smpp_account_uuid).unwrap();
      dispatch(showToast('success', `SMPP account ${account.system_id} unlocked: it may bind again`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Space size="small" wrap>
      {compact ? null : <Tag color="red">{text}</Tag>}
      <Button
        type="link"
        size="small"
        disabled={state.isLoading}
        aria-label={`Unlock SMPP account ${account.system_id}`}
        onClick={() => void go()}
      >
        Unlock
      </Button>
    </Space>
  );
}

/** On edit-smpp-account/{id}: the system_id the customer binds with, and the lock if there is one. */
export function SmppAccountPanel() {
  const id = useParams().id ?? '';
  const account = useGetSmppAccountQuery(id, { skip: !id }).data;
  if (!account) return null;
  return (
    <Card title="Bind with" size="small" style={{ marginTop: 16 }}>
      <Space orientation="vertical" size="small">
        <span>
          System ID:{' '}
          <Typography.Text strong code copyable data-testid="smpp-system-id">
            {account.system_id}
          </Typography.Text>
        </span>
        {lockText(account) ? (
          <SmppLockState account={account} />
        ) : (
          <span>
            Binds allowed
            {account.failed_binds ? ` (${account.failed_binds} failed lately)` : ''}
          </span>
        )}
      </Space>
    </Card>
  );
}
