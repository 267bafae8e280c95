import { Alert, Empty, Flex, lookupSelectProps, Select } from '@smsc/shared-ui';
import { describeApiError, lookupOf } from '@smsc/shared-api';
import type { ReportGroup, ReportStep } from '@smsc/shared-contract';
import { useGetStatReportQuery } from './report.api';
import { ReportControls, useReportParams } from './report-controls';
import { ReportDownload } from './report-download';
import { ReportTable } from './report-table';
import { LazyChart } from './lazy-chart';
import {
  GROUP_LABEL,
  chartSets,
  figureTitle,
  groupPoints,
  reportZoneNote,
  timePoints,
  visibleFigures,
  type Figure,
} from './report-figures';

/** A report screen as data: what it groups by, which figures it shows, its default range and step. */
export interface ReportPreset {
  name: string;
  groups: ReportGroup[];
  figures: Figure[];
  step: ReportStep;
  days: number;
  /** filters picked from the companies / vendors found in the range (company_uuid, vendor_id) */
  pick?: ('company' | 'vendor')[];
}

const PICK_PARAM = { company: 'company_uuid', vendor: 'vendor_id' } as const;
const PICK_KEY = { company: ['company_uuid', 'company_name'], vendor: ['vendor_uuid', 'vendor_name'] } as const;

function Picker({
  kind,
  range,
  value,
  onChange,
}: {
  kind: 'company' | 'vendor';
  range: { start_time: string; end_time: string };
  value?: string;
  onChange(v?: string): void;
}) {
  const report = useGetStatReportQuery({ ...range, step: 'total', group: kind, fields: 'messages' });
  const [id, name] = PICK_KEY[kind];
  // the companies or vendors with traffic in the range; a failed read says so, with a way to ask again
  const choices = lookupOf(report, (d) =>
    d.items.filter((r) => r[id]).map((r) => ({ value: String(r[id]), label: String(r[name] ?? r[id]) })),
  );
  return (
    <Select
      aria-label={GROUP_LABEL[kind].title}
      placeholder={`Every ${kind}`}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 200 }}
      value={value}
      {...lookupSelectProps({ ...choices, loading: choices.fetching })}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** One report screen: range, step and filters in the address; a chart (lazy) and its figures as a table; CSV export from the server. */
export function ReportView({ preset }: { preset: ReportPreset }) {
  const state = useReportParams({ days: preset.days, step: preset.step });
  const range = { start_time: state.startTime, end_time: state.endTime };
  const picks = Object.fromEntries((preset.pick ?? []).map((k) => [PICK_PARAM[k], state.get(PICK_PARAM[k])]));
  const params = {
    ...range,
    step: state.step,
    group: preset.groups.join(',') || undefined,
    fields: preset.figures.join(','),
    ...picks,
  };
  const { data, error, isFetching } = useGetStatReportQuery(params);
  const figures = visibleFigures(preset.figures, data?.totals);
  const chartSetsShown = chartSets(figures);
  const byTime = state.step !== 'total';
  // the zone the server counted in (the account's, which the range was asked in)
  const zone = data?.time_zone ?? state.zone;
  return (
    <Flex vertical gap="middle" data-testid={`report-${preset.name}`}>
      <Flex gap="small" wrap justify="space-between">
        <ReportControls state={state}>
          {(preset.pick ?? []).map((k) => (
            <Picker
              key={k}
              kind={k}
              range={range}
              value={picks[PICK_PARAM[k]]}
              onChange={(v) => state.set({ [PICK_PARAM[k]]: v })}
            />
          ))}
        </ReportControls>
        <ReportDownload
          path="/stat/report"
          params={params}
          fileName={`${preset.name}-${state.start}-${state.end}.csv`}
        />
      </Flex>
      {error ? <Alert type="error" showIcon title={describeApiError(error)} /> : null}
      {data && data.items.length === 0 ? <Empty description="No messages in this range" /> : null}
      {data && data.items.length > 0 ? (
        <Flex vertical gap="middle">
          {chartSetsShown.map((charted) => (
            <LazyChart
              key={charted.join()}
              label={`${charted.map((f) => figureTitle(f, data.totals)).join(', ')} ${byTime ? `by ${state.step}` : 'by group'}`}
              kind={byTime ? 'line' : 'bar'}
              note={byTime ? reportZoneNote(zone) : undefined}
              points={
                byTime
                  ? timePoints(data.items, data.start_time, data.end_time, state.step, charted, zone)
                  : groupPoints(data.items, preset.groups, charted)
              }
              series={charted.map((f) => ({ key: f, name: figureTitle(f, data.totals) }))}
            />
          ))}
        </Flex>
      ) : null}
      <ReportTable
        caption={`${preset.groups.map((g) => GROUP_LABEL[g].title).join(' and ') || 'Traffic'} from ${state.start} to ${state.end}`}
        rows={data?.items ?? []}
        totals={data?.totals}
        step={state.step}
        groups={preset.groups}
        figures={figures}
        loading={isFetching}
        currency={data?.currency}
        zone={zone}
      />
    </Flex>
  );
}
