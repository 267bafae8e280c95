import dayjs from 'dayjs';
import { DatePicker } from '../lazy-date-picker';

/** The zone the picker's times are in: the browser's, which is the one the person reads the clock in. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';

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
  const picked = value ? dayjs(value) : null;
  return (
    <span style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <DatePicker
        id={id}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={picked && picked.isValid() ? picked : null}
        onChange={(d) => onChange?.(d ? d.second(0).millisecond(0).toISOString() : '')}
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
