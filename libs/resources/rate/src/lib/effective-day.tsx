import dayjs from 'dayjs';
import { DatePicker } from '@smsc/shared-ui';

/** "Effective from": a day (YYYY-MM-DD) from today on, for an import, a markup or an approval of rates. */
export function EffectiveDay({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  return (
    <label>
      Effective from{' '}
      <DatePicker
        aria-label="Effective from"
        allowClear={false}
        value={dayjs(day)}
        disabledDate={(d) => d.isBefore(dayjs(), 'day')}
        onChange={(v) => v && onChange(v.format('YYYY-MM-DD'))}
      />
    </label>
  );
}
