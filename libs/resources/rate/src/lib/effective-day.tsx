import dayjs from 'dayjs';
import { DatePicker } from '@smsc/shared-ui';
import { zonedDay } from '@smsc/shared-util';

/**
 * Rate days are UTC's: prices change at 00:00 UTC of the day picked, the one instant every customer shares (the lists
 * then show that instant in each account's zone, labelled). Today, for the pickers, is therefore UTC's today.
 */
export const todayUtc = (): string => zonedDay(new Date(), 'UTC');

/** The label of a rate-day picker: the day and the instant it names. */
export const EFFECTIVE_DAY_LABEL = 'Effective from (00:00 UTC)';

/** "Effective from": a day (YYYY-MM-DD) from today on, for an import, a markup or an approval of rates. */
export function EffectiveDay({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  return (
    <label>
      {EFFECTIVE_DAY_LABEL}{' '}
      <DatePicker
        aria-label="Effective from"
        allowClear={false}
        value={dayjs(day)}
        disabledDate={(d) => d.format('YYYY-MM-DD') < todayUtc()}
        onChange={(v) => v && onChange(v.format('YYYY-MM-DD'))}
      />
    </label>
  );
}
