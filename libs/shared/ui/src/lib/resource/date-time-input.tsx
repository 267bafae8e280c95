import dayjs from 'dayjs';
import { displayZone, formatDateTime, zonedTimeToInstant } from '@smsc/shared-util';
import { DatePicker } from '../lazy-date-picker';

/** The zone the picker's times are in: the account's (its company's), as every time the console shows. */
export const localZone = () => displayZone();

/**
 * A date and time picked on a calendar, held by the form as an ISO instant (what the API takes), so
 * no one types "2026-12-01T09:00:00Z". Form.Item hands it id, value and onChange.
 */
export function DateTimeInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string | null;
  onChange?: (iso: string) => void;
  placeholder?: string;
}) {
  // the calendar shows the account zone's clock reading of the instant, and a pick means that clock
  const picked = value ? dayjs(formatDateTime(value).replace(' ', 'T')) : null;
  return (
    <span style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <DatePicker
        id={id}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={picked && picked.isValid() ? picked : null}
        onChange={(d) => onChange?.(d ? zonedTimeToInstant(d.format('YYYY-MM-DDTHH:mm')).toISOString() : '')}
        placeholder={placeholder ?? 'Pick a date and time'}
      />
      <span style={{ opacity: 0.65 }}>{localZone()}</span>
    </span>
  );
}

/** A calendar day picked on a calendar, held by the form as 'YYYY-MM-DD' (what the API takes for a day). */
export function DateInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string | null;
  onChange?: (day: string) => void;
  placeholder?: string;
}) {
  const picked = value ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <DatePicker
      id={id}
      format="YYYY-MM-DD"
      value={picked && picked.isValid() ? picked : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
      placeholder={placeholder ?? 'Pick a date'}
    />
  );
}
