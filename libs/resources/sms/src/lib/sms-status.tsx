import { Tag } from '@smsc/shared-ui/compose';
import type { SmsStatus } from '@smsc/shared-contract';
import { useCompanyOptions } from '@smsc/shared-api';

// Shared by the SMS center (a landing drawn without the data kit) and the SMS logs

/** The companies the caller may send for: the active ones it may see. */
export const useSmsCompanyOptions = (skip = false) => useCompanyOptions({ skip, active: true });

const STATUS_COLORS: Partial<Record<SmsStatus, string>> = {
  delivered: 'green',
  received: 'green',
  sent: 'blue',
  queued: 'blue',
  scheduled: 'purple',
  undelivered: 'orange',
  failed: 'red',
  blocked: 'red',
};
export const smsStatusTag = (v: unknown) => <Tag color={STATUS_COLORS[v as SmsStatus]}>{String(v ?? '')}</Tag>;

/** A log row's status, tagged Sandbox when a test API key sent it (never charged nor carried; docs/sandbox.md). */
export const smsStatusCell = (v: unknown, m: { sandbox?: boolean }) =>
  m.sandbox ? (
    <>
      {smsStatusTag(v)}
      <Tag color="orange" title="Sent with a test API key: never charged nor sent to a carrier">
        Sandbox
      </Tag>
    </>
  ) : (
    smsStatusTag(v)
  );
