// The frame's components and plain tables only: this is the company admin's landing (daily usage), and
// without the data kit it stays near a role home's size
import { Alert } from '@smsc/shared-ui/core';
import { Card, Col, Flex, Row, Skeleton, Statistic } from '@smsc/shared-ui/frame';
import { describeApiError } from '@smsc/shared-api/core';
import { useGetDashboardQuery } from './report.api';
import { LazyChart } from './lazy-chart';
import { FigureTable } from './figure-table';
import {
  figureTitle,
  isCustomerReport,
  reportZoneNote,
  timePoints,
  visibleFigures,
  type Figure,
} from './report-figures';

// messages, then every state they add up from (blocked included), then money
const CARDS: Figure[] = [
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

/** The dashboard of a role (GET /dashboard): totals, traffic over the interval, leaders and networks. */
export function DashboardView({ interval, leaders }: { interval: string; leaders: 'company' | 'user' }) {
  const { data, error, isLoading } = useGetDashboardQuery(interval);
  if (error) return <Alert type="error" showIcon title={describeApiError(error)} />;
  if (isLoading || !data) return <Skeleton active />;
  const cards = visibleFigures(CARDS, data.totals);
  const step = data.step as 'hour' | 'day' | 'week';
  const zone = data.time_zone;
  return (
    <Flex vertical gap="middle" data-testid={`dashboard-${interval.replace(/\s+/g, '-')}`}>
      <Row gutter={[12, 12]}>
        {cards.map((f) => (
          <Col key={f} xs={12} md={6} lg={3}>
            <Card size="small">
              <Statistic title={figureTitle(f, data.totals)} value={String(data.totals[f] ?? 0)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={`Messages by ${step}`}>
        <LazyChart
          label={`Messages and delivered by ${step}`}
          kind="line"
          note={reportZoneNote(zone)}
          points={timePoints(data.series, data.start_time, data.end_time, step, ['messages', 'delivered'], zone)}
          series={[
            { key: 'messages', name: 'Messages' },
            { key: 'delivered', name: 'Delivered' },
          ]}
        />
        <FigureTable
          caption={`Messages by ${step} (${zone})`}
          zone={zone}
          rows={data.series}
          totals={data.totals}
          step={step}
          groups={[]}
          figures={visibleFigures(
            ['messages', 'delivered', 'undelivered', 'failed', 'pending', 'blocked', 'revenue', 'cost', 'margin'],
            data.totals,
          )}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={leaders === 'company' ? 'Top companies' : 'Top users'}>
            <FigureTable
              caption={leaders === 'company' ? 'Companies with the most messages' : 'Users with the most messages'}
              rows={data.top}
              step="total"
              groups={[leaders]}
              figures={visibleFigures(['messages', 'delivered', 'revenue', 'margin'], data.totals)}
              customer={isCustomerReport(data.totals)}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Top networks">
            <FigureTable
              caption="Destination networks with the most messages"
              rows={data.networks}
              step="total"
              groups={['network']}
              figures={['messages', 'delivered']}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
