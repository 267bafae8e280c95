// A role home's dashboard: the last 24 hours in figures, drawn with the frame's light components and a
// plain table only, so the home stays within its bundle budget; the charts (the data kit and the chart)
// are fetched when asked for ("Show charts"), or on the dashboard pages (company admin: daily-usage).
import { Suspense, lazy, useState } from 'react';
import { Button } from '@smsc/shared-ui/core';
import { Card, Descriptions, Typography } from '@smsc/shared-ui/frame';
import { describeApiError } from '@smsc/shared-api';
import type { ReportRow } from '@smsc/shared-contract';
import { useGetDashboardQuery } from './report.api';
import { figureTitle, type Figure } from './report-figures';

const Charts = lazy(() => import('./dashboard-view').then((m) => ({ default: m.DashboardView })));

// messages and every state they add up from, then money
const FIGURES: Figure[] = [
  'messages',
  'delivered',
  'undelivered',
  'failed',
  'pending',
  'blocked',
  'revenue',
  'cost',
  'margin',
];

export function HomeSummary({ leaders }: { leaders: 'company' | 'user' }) {
  const { data, error, isLoading } = useGetDashboardQuery('24 hour');
  const [charts, setCharts] = useState(false);
  if (error)
    return (
      <Typography.Paragraph type="danger" role="alert">
        {describeApiError(error)}
      </Typography.Paragraph>
    );
  if (isLoading || !data)
    return <Typography.Paragraph aria-busy="true">Loading the last 24 hours…</Typography.Paragraph>;
  const shown = FIGURES.filter((f) => data.totals[f] !== null && data.totals[f] !== undefined);
  const name = (r: ReportRow) => String((leaders === 'company' ? r.company_name : r.user_name) ?? '—');
  return (
    <Card size="small" title="The last 24 hours" style={{ marginTop: 16 }} data-testid="home-dashboard">
      <Descriptions
        size="small"
        column={{ xs: 2, md: 4 }}
        items={shown.map((f) => ({ key: f, label: figureTitle(f, data.totals), children: String(data.totals[f]) }))}
      />
      <table className="report-plain-table" style={{ marginTop: 12, borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'left', fontWeight: 600 }}>
          {leaders === 'company' ? 'Companies with the most messages' : 'Users with the most messages'}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left', paddingRight: 24 }}>
              {leaders === 'company' ? 'Company' : 'User'}
            </th>
            <th scope="col" style={{ textAlign: 'right' }}>
              Messages
            </th>
            <th scope="col" style={{ textAlign: 'right', paddingLeft: 24 }}>
              Delivered
            </th>
          </tr>
        </thead>
        <tbody>
          {data.top.length === 0 ? (
            <tr>
              <td colSpan={3}>No messages in the last 24 hours</td>
            </tr>
          ) : (
            data.top.map((r) => (
              <tr key={name(r)}>
                <td style={{ paddingRight: 24 }}>{name(r)}</td>
                <td style={{ textAlign: 'right' }}>{r.messages}</td>
                <td style={{ textAlign: 'right' }}>{r.delivered}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {charts ? (
        <Suspense fallback={<Typography.Paragraph aria-busy="true">Loading charts…</Typography.Paragraph>}>
          <div style={{ marginTop: 16 }}>
            <Charts interval="24 hour" leaders={leaders} />
          </div>
        </Suspense>
      ) : (
        <Button style={{ marginTop: 12 }} onClick={() => setCharts(true)}>
          Show charts
        </Button>
      )}
    </Card>
  );
}
