import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DatePicker, Flex, Select } from '@smsc/shared-ui';
import { REPORT_STEPS, type ReportStep } from '@smsc/shared-contract';
import { endOfZonedDay, startOfZonedDay, zonedDay } from '@smsc/shared-util';
import { useDisplayZone } from '@smsc/shared-session/api';

/**
 * The range, step and choice filters of a report, kept in the address (so a report can be linked and reloaded).
 * Its days are the account's zone's, as the server counts them for the same account.
 */
export function useReportParams(defaults: { days: number; step: ReportStep }) {
  const [params, setParams] = useSearchParams();
  const zone = useDisplayZone();
  const today = zonedDay(new Date(), zone);
  const start =
    params.get('start') ??
    dayjs(today)
      .subtract(defaults.days - 1, 'day')
      .format('YYYY-MM-DD');
  const end = params.get('end') ?? today;
  const stepParam = params.get('step');
  const step = (REPORT_STEPS as readonly string[]).includes(stepParam ?? '')
    ? (stepParam as ReportStep)
    : defaults.step;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next, { replace: true });
  };
  return {
    start,
    end,
    step,
    zone,
    get: (k: string) => params.get(k) ?? undefined,
    set,
    /** the call's range: from the start day's midnight to the end of the end day, in the zone */
    startTime: startOfZonedDay(start, zone).toISOString(),
    endTime: endOfZonedDay(end, zone).toISOString(),
  };
}
export type ReportParamsState = ReturnType<typeof useReportParams>;

export function ReportControls({
  state,
  steps = REPORT_STEPS as unknown as ReportStep[],
  children,
}: {
  state: ReportParamsState;
  steps?: ReportStep[];
  children?: ReactNode;
}) {
  const value: [Dayjs, Dayjs] = [dayjs(state.start), dayjs(state.end)];
  return (
    <Flex gap="small" wrap align="center" data-testid="report-controls">
      <DatePicker.RangePicker
        aria-label="Date range"
        allowClear={false}
        value={value}
        onChange={(v) =>
          v?.[0] && v[1] && state.set({ start: v[0].format('YYYY-MM-DD'), end: v[1].format('YYYY-MM-DD') })
        }
      />
      <span data-testid="report-zone">Days in {state.zone}</span>
      <Select
        aria-label="Step"
        style={{ width: 120 }}
        value={state.step}
        options={steps.map((s) => ({ value: s, label: s === 'total' ? 'Whole range' : `By ${s}` }))}
        onChange={(v) => state.set({ step: v })}
      />
      {children}
    </Flex>
  );
}
