import { Suspense, lazy } from 'react';
import { Skeleton } from '@smsc/shared-ui/frame';
import type { ReportChartProps } from './report-chart';

// the chart's code arrives with the first chart drawn, in its own chunk: no other screen needs it
const ReportChart = lazy(() => import(/* webpackChunkName: "report-chart" */ './report-chart'));

/** A chart, drawn once its chunk arrives; its figures are always in the table beside it too. */
export function LazyChart(props: ReportChartProps & { label: string }) {
  return (
    <figure aria-label={props.label} style={{ margin: 0 }} data-testid="report-chart">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <ReportChart {...props} />
      </Suspense>
    </figure>
  );
}
