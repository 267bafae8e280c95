import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { Alert, DatePicker, Empty, Flex, Input, Pagination, Radio, Typography } from '@smsc/shared-ui';
import { describeApiError } from '@smsc/shared-api';
import type { ReportGroup } from '@smsc/shared-contract';
import { useGetResellerReportQuery, useGetSmsReportQuery } from './report.api';
import { ReportDownload } from './report-download';
import { ReportTable } from './report-table';
import { LazyChart } from './lazy-chart';
import { zonedDay } from '@smsc/shared-util';
import { useDisplayZone } from '@smsc/shared-session/api';
import {
  FIGURE_TITLES,
  chartSets,
  groupPoints,
  reportZoneNote,
  timePoints,
  visibleFigures,
  type Figure,
} from './report-figures';

// A reseller's money is its revenue, what the platform charges it for those messages (its wholesale rate) and
// what is left: one cost and one margin. The vendors' cost of the routes is the platform's, not the reseller's.
const FIGURES: Figure[] = [
  'messages',
  'delivered',
  'undelivered',
  'failed',
  'revenue',
  'platform_cost',
  'reseller_margin',
];
const PER_PAGE = 50;
type View = 'company' | 'day';

/**
 * The month (YYYY-MM), view, company filter and page of the reseller report, kept in the address. The month is the
 * account zone's (this month there by default); the server reads its days in the same zone.
 */
export function useResellerReportParams() {
  const [params, setParams] = useSearchParams();
  const zone = useDisplayZone();
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : zonedDay(new Date(), zone).slice(0, 7);
  const view: View = params.get('view') === 'day' ? 'day' : 'company';
  const company = params.get('company') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    // any change but paging starts again at the first page
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const first = dayjs(`${month}-01`);
  return {
    zone,
    month,
    view,
    company,
    page,
    set,
    date_gte: first.format('YYYY-MM-DD'),
    date_lte: first.endOf('month').format('YYYY-MM-DD'),
  };
}

/**
 * The reseller's figures for its companies over a month: by company (GET /sms/reseller/report) or by
 * day (GET /sms/report, scoped by the server to the reseller's companies). A chart (lazy), its figures
 * as a table, and the same call streamed as CSV.
 */
export function ResellerReport() {
  const state = useResellerReportParams();
  const byCompany = state.view === 'company';
  const filters = { date_gte: state.date_gte, date_lte: state.date_lte, company_name: state.company || undefined };
  const params = byCompany ? { ...filters, group_by_company: true } : filters;
  const paged = { ...params, page: state.page, per_page: PER_PAGE };
  const companies = useGetResellerReportQuery(paged, { skip: !byCompany });
  const days = useGetSmsReportQuery(paged, { skip: byCompany });
  const { data, error, isFetching } = byCompany ? companies : days;
  const figures = visibleFigures(FIGURES, data?.totals);
  // messages on one chart, revenue and margin on another: never one axis for counts and money
  const chartSetsShown = chartSets(
    figures.filter((f) => f === 'messages' || f === 'revenue' || f === 'reseller_margin'),
  );
  const groups: ReportGroup[] = byCompany ? ['company'] : [];
  const monthLabel = dayjs(`${state.month}-01`).format('MMMM YYYY');
  // the zone the server counted the month's days in
  const zone = data?.time_zone ?? state.zone;
  return (
    <Flex vertical gap="middle" data-testid="reseller-report">
      <Flex gap="small" wrap justify="space-between">
        <Flex gap="small" wrap align="center" data-testid="report-controls">
          <DatePicker
            picker="month"
            aria-label="Month"
            allowClear={false}
            value={dayjs(`${state.month}-01`)}
            onChange={(v) => v && state.set({ month: v.format('YYYY-MM') })}
          />
          <span data-testid="report-zone">Days in {zone}</span>
          <div role="group" aria-label="View">
            <Radio.Group
              optionType="button"
              value={state.view}
              options={[
                { value: 'company', label: 'By company' },
                { value: 'day', label: 'By day' },
              ]}
              onChange={(e) => state.set({ view: e.target.value === 'day' ? 'day' : undefined })}
            />
          </div>
          <Input.Search
            aria-label="Company name"
            placeholder="Company name"
            allowClear
            defaultValue={state.company}
            key={state.company}
            style={{ width: 220 }}
            onSearch={(v) => state.set({ company: v.trim() || undefined })}
          />
        </Flex>
        <ReportDownload
          path={byCompany ? '/sms/reseller/report' : '/sms/report'}
          params={params}
          fileName={`reseller-report-${state.view}-${state.month}.csv`}
        />
      </Flex>
      {error ? <Alert type="error" showIcon title={describeApiError(error)} /> : null}
      {data && data.items.length === 0 ? <Empty description="No messages from your companies in this month" /> : null}
      {data && data.items.length > 0 ? (
        <Flex vertical gap="middle">
          {chartSetsShown.map((charted) => (
            <LazyChart
              key={charted.join()}
              label={`${charted.map((f) => FIGURE_TITLES[f]).join(', ')} ${byCompany ? 'by company' : 'by day'}, ${monthLabel}`}
              kind={byCompany ? 'bar' : 'line'}
              note={byCompany ? undefined : reportZoneNote(zone)}
              points={
                byCompany
                  ? groupPoints(data.items, groups, charted)
                  : timePoints(data.items, data.start_time, data.end_time, 'day', charted, zone)
              }
              series={charted.map((f) => ({ key: f, name: FIGURE_TITLES[f] }))}
            />
          ))}
        </Flex>
      ) : null}
      <ReportTable
        caption={`${byCompany ? 'Your companies' : 'Your companies by day'}, ${monthLabel}`}
        rows={data?.items ?? []}
        totals={data?.totals}
        step={byCompany ? 'total' : 'day'}
        groups={groups}
        figures={figures}
        loading={isFetching}
        currency={data?.currency}
        zone={zone}
      />
      <Typography.Text type="secondary">
        Platform cost is what the platform charges you for your companies' messages (your wholesale rate); your margin
        is their revenue less that cost.
        {data?.totals && Number(data.totals.platform_cost) === 0 && Number(data.totals.revenue) > 0
          ? ' A platform cost of 0.00 means the platform has given you no wholesale product: it charges you nothing per message, and Products → Rate tables → Price from my cost has no cost to price from.'
          : ''}
      </Typography.Text>
      {data && data.total > PER_PAGE ? (
        <Pagination
          align="end"
          current={state.page + 1}
          pageSize={PER_PAGE}
          total={data.total}
          showSizeChanger={false}
          onChange={(p) => state.set({ page: p > 1 ? String(p - 1) : undefined })}
        />
      ) : null}
    </Flex>
  );
}
