import { useMemo } from 'react';
import { Tag } from '@smsc/shared-ui/compose';
import type { SmsStatus } from '@smsc/shared-contract';
import { useSmsCompanyChoicesQuery } from './sms.api';

// Shared by the SMS center (a landing drawn without the data kit) and the SMS logs

/** The companies the caller may act for (the server lists only those it may see). */
export function useSmsCompanyOptions(skip = false) {
  const { data, isLoading } = useSmsCompanyChoicesQuery(undefined, { skip });
  const options = useMemo(
    () => (data?.items ?? []).map((c) => ({ label: c.company_name, value: c.company_uuid })),
    [data],
  );
  return { options, loading: isLoading };
}

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
