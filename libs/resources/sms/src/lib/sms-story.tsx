import { useState } from 'react';
import { Alert, Button, Drawer, Skeleton, Space, Tag, Typography } from '@smsc/shared-ui';
import { describeApiError } from '@smsc/shared-api';
import type { SmsEvent } from '@smsc/shared-contract';
import { formatDateTime, formatMoney, withZone } from '@smsc/shared-util';
import { useSmsEventsQuery } from './sms.api';
import { smsStatusTag } from './sms-status';
import { SmsLookupDetails } from './sms-lookup';

const KIND_COLOR: Partial<Record<SmsEvent['kind'], string>> = {
  looked_up: 'purple',
  blocked: 'red',
  receipt: 'blue',
  charged: 'gold',
  refunded: 'green',
  released: 'green',
};

/** The figures of a step the summary does not already say in full. */
function details(e: SmsEvent): string[] {
  const out: string[] = [];
  if (e.unit_price) out.push(`unit price ${formatMoney(e.unit_price, e.currency ?? 'USD')}`);
  if (e.amount && (e.kind === 'priced' || e.kind === 'charged' || e.kind === 'refunded'))
    out.push(`amount ${formatMoney(e.amount, e.currency ?? 'USD')}`);
  if (e.vendor) out.push(`vendor ${e.vendor}`);
  if (e.route) out.push(`network ${e.route}`);
  if (e.gateway_id) out.push(`gateway id ${e.gateway_id}`);
  if (e.raw_status) out.push(`status ${e.raw_status}`);
  if (e.error_code) out.push(`error code ${e.error_code}`);
  if (e.reason) out.push(`reason code ${e.reason}`);
  return out;
}

/** A message's story in a side drawer: each step with its time and figures, and the one final state. */
export function SmsStory({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { data, error, isLoading } = useSmsEventsQuery(id, { skip: !open });
  return (
    <Drawer open={open} onClose={onClose} title="Message details" size="large" destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon title={describeApiError(error)} />
      ) : isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="sms-story">
          <span>
            Final state: <span data-testid="sms-story-status">{smsStatusTag(data.status)}</span>
            {!data.final && <Typography.Text type="secondary"> (still in flight)</Typography.Text>}
          </span>
          <Typography.Text type="secondary" data-testid="sms-story-zone">
            {withZone('Times')}
          </Typography.Text>
          <ol style={{ paddingInlineStart: 20, margin: 0 }}>
            {data.events.map((e, i) => (
              <li key={`${e.kind}-${i}`} data-testid={`sms-event-${e.kind}`} style={{ marginBottom: 12 }}>
                <Space size={6} wrap>
                  <Tag color={KIND_COLOR[e.kind]}>{e.kind}</Tag>
                  <Typography.Text type="secondary">{e.at ? formatDateTime(e.at) : ''}</Typography.Text>
                </Space>
                <div>{e.summary}</div>
                {details(e).length > 0 && <Typography.Text type="secondary">{details(e).join(' · ')}</Typography.Text>}
              </li>
            ))}
          </ol>
          {data.lookup && (
            <SmsLookupDetails lookup={data.lookup} currency={data.events.find((e) => e.currency)?.currency ?? 'USD'} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** A log row's way into its message's story. */
export function SmsStoryButton({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label="Message details">
        Details
      </Button>
      {open && <SmsStory id={id} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
