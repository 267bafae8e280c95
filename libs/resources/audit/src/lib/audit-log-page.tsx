import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { DatePicker, Flex, ListPage, Typography, type RoleAccess } from '@smsc/shared-ui';
import { endOfZonedDay, startOfZonedDay, withZone } from '@smsc/shared-util';
import { useDisplayZone } from '@smsc/shared-session/api';
import { auditBundle } from './audit.resource';

// read-only for every role: nobody edits or deletes an entry
const READ_ONLY: RoleAccess = { create: false, edit: false, delete: false };

/**
 * The audit log: who changed what and when, filtered by who, kind of record, action and a date range;
 * every filter and the page are kept in the address. The server scopes it (a reseller reads its own and
 * its companies' entries).
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const start = params.get('from_day');
  const end = params.get('to_day');
  // whole days of the account's zone (the one the log's times are shown in), the end day included
  const zone = useDisplayZone();
  const listArg = useMemo(
    () => ({
      ...(start ? { from: startOfZonedDay(start, zone).toISOString() } : {}),
      ...(end ? { to: endOfZonedDay(end, zone).toISOString() } : {}),
    }),
    [start, end, zone],
  );

  const setRange = (range: [string, string] | null) => {
    const next = new URLSearchParams(params);
    if (range) {
      next.set('from_day', range[0]);
      next.set('to_day', range[1]);
    } else {
      next.delete('from_day');
      next.delete('to_day');
    }
    // a new range starts from its first page
    next.delete('page');
    setParams(next, { replace: true });
  };

  const extra = (
    <Flex gap="small" align="center" wrap style={{ marginBottom: 12 }}>
      <Typography.Text id="audit-range-label">{withZone('Date range', zone)}</Typography.Text>
      <DatePicker.RangePicker
        aria-labelledby="audit-range-label"
        value={start && end ? [dayjs(start), dayjs(end)] : null}
        onChange={(v) => setRange(v?.[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : null)}
      />
    </Flex>
  );
  return <ListPage bundle={auditBundle} access={READ_ONLY} extra={extra} listArg={listArg} />;
}
