import { useEffect, useState } from 'react';
// drawn from the kit's light entries (core, frame, compose), as the landing that shows it
import { Alert } from '@smsc/shared-ui/core';
import { Card, Descriptions } from '@smsc/shared-ui/frame';
import { describeApiError } from '@smsc/shared-api/core';
import { formatMoney } from '@smsc/shared-util';
import { FINAL_STATUSES, useGetSmsQuery } from './sms.api';
import { smsStatusTag } from './sms-status';

export const POLL_MS = 1000;

/** The message just sent, re-read every second until its status is final (no reload needed). */
export function SentMessage({ id }: { id: string }) {
  const [final, setFinal] = useState(false);
  const { data, error } = useGetSmsQuery(id, { pollingInterval: final ? 0 : POLL_MS, skipPollingIfUnfocused: false });
  useEffect(() => setFinal(!!data && FINAL_STATUSES.includes(data.status)), [data]);
  if (error) return <Alert type="error" showIcon title={describeApiError(error)} />;
  if (!data) return null;
  return (
    <Card size="small" title="Last message" aria-live="polite" data-testid="sent-message">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Status">
          <span data-testid="sent-status">{smsStatusTag(data.status)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="To">{data.dnis}</Descriptions.Item>
        <Descriptions.Item label="Parts">
          {data.segments} ({data.encoding})
        </Descriptions.Item>
        <Descriptions.Item label="Price">{data.price ? formatMoney(data.price, data.currency) : '—'}</Descriptions.Item>
        {data.status_message && <Descriptions.Item label="Detail">{data.status_message}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}
