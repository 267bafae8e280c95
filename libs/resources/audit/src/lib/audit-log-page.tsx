import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { DatePicker, Flex, ListPage, Typography, type RoleAccess } from '@smsc/shared-ui';
import { auditBundle } from './audit.resource';

const DAY = 86_400_000;
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
  // whole days in UTC, the end day included
  const listArg = useMemo(
    () => ({
      ...(start ? { from: `${start}T00:00:00.000Z` } : {}),
      ...(end ? { to: new Date(Date.parse(`${end}T00:00:00Z`) + DAY).toISOString() } : {}),
    }),
    [start, end],
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
      <Typography.Text id="audit-range-label">Date range</Typography.Text>
      <DatePicker.RangePicker
        aria-labelledby="audit-range-label"
        value={start && end ? [dayjs(start), dayjs(end)] : null}
        onChange={(v) => setRange(v?.[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : null)}
      />
    </Flex>
  );
  return <ListPage bundle={auditBundle} access={READ_ONLY} extra={extra} listArg={listArg} />;
}
