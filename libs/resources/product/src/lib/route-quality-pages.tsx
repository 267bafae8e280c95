import { useParams, type RouteObject } from 'react-router';
import type { RouteQuality, RouteQualityEvent, RouteQualitySettings, RouteQualityWindow } from '@smsc/shared-contract';
import { Card, ListPage, RecordState, Space, Table, Tag, Typography, type RoleAccess } from '@smsc/shared-ui';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { useGetRouteQualityQuery, useRouteQualityEventsQuery, useRouteQualitySettingsQuery } from './route-quality.api';
import { FloorButton, PinSelect } from './route-quality-actions';
import {
  DeliveredRatio,
  PIN_HINTS,
  PIN_WORDS,
  percent,
  routeName,
  routeQualityBundle,
  seconds,
  StateTag,
} from './route-quality.resource';

const duration = (s: number) =>
  s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s.toLocaleString('en')} s`;

/** The rules in force, in one sentence (the server's settings). */
export function rulesText(s: RouteQualitySettings): string {
  return (
    `Each route (a vendor product to a country) is judged on its messages of the last ${duration(s.window_seconds)}: ` +
    `a message counts once its final receipt comes, or as not delivered when none came within ${duration(s.receipt_wait_seconds)}. ` +
    `Under its floor (${percent(s.default_floor)} unless set) over at least ${s.min_judged} judged messages, a route is demoted: ` +
    `its traffic goes to the routing's other routes, and it carries only what nothing else can. ` +
    `It comes back after ${duration(s.probation_seconds)} without a shortfall. Evaluated every ${duration(s.check_seconds)}.`
  );
}

function Rules() {
  const settings = useRouteQualitySettingsQuery();
  if (!settings.data) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="route-quality-rules" style={{ maxWidth: 900 }}>
      {rulesText(settings.data)}
    </Typography.Paragraph>
  );
}

/** Products → Route quality: every route with traffic, demoted first; floor and pin on each row. */
export function RouteQualityListPage({ access }: { access: RoleAccess }) {
  const settings = useRouteQualitySettingsQuery();
  return (
    <ListPage
      bundle={routeQualityBundle}
      access={{ ...access, create: false, edit: false, delete: false }}
      extra={<Rules />}
      rowLinks={[{ label: 'Details', to: (r) => `route-quality/${r.route_quality_uuid}` }]}
      rowActions={(r) => (
        <Space size="small">
          <FloorButton route={r} defaultFloor={settings.data?.default_floor} />
          <PinSelect route={r} />
        </Space>
      )}
      rowActionsWidth={230}
    />
  );
}

const WINDOW_ROWS: { key: 'window' | 'last_hour' | 'last_day'; label: string }[] = [
  { key: 'window', label: 'Decision window' },
  { key: 'last_hour', label: 'Last hour' },
  { key: 'last_day', label: 'Last 24 hours' },
];

const figureColumns = (floor: number) => [
  { title: 'Sent', key: 'sent', render: (w: RouteQualityWindow) => w.sent.toLocaleString('en') },
  { title: 'Receipts', key: 'receipts', render: (w: RouteQualityWindow) => percent(w.receipt_ratio) },
  {
    title: 'Delivered (of judged)',
    key: 'delivered',
    render: (w: RouteQualityWindow) => <DeliveredRatio w={w} floor={floor} />,
  },
  { title: 'Latency p50', key: 'p50', render: (w: RouteQualityWindow) => seconds(w.latency_p50) },
  { title: 'Latency p95', key: 'p95', render: (w: RouteQualityWindow) => seconds(w.latency_p95) },
];

const EVENT_WORDS: Record<RouteQualityEvent['kind'], string> = {
  demoted: 'Demoted',
  promoted: 'Promoted back',
  floor: 'Floor',
  pin: 'Pin',
};

/** One route: its figures over the three windows, per network, and its changes; floor and pin. */
export function RouteQualityDetails() {
  const id = useParams().id ?? '';
  const route = useGetRouteQualityQuery(id);
  const events = useRouteQualityEventsQuery({ id, per_page: 20 }, { skip: !id });
  const settings = useRouteQualitySettingsQuery();
  if (!route.data) return <RecordState state={route} />;
  const r: RouteQuality = route.data;
  const cols = figureColumns(r.floor);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="route-quality-details">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {routeName(r)}
        </Typography.Title>
        <StateTag route={r} />
        <span>
          {r.vendor_name} · floor {percent(r.floor)}
          {r.floor_is_default ? ' (default)' : ''} · pin: {PIN_WORDS[r.pin]} ({PIN_HINTS[r.pin]})
        </span>
      </Space>
      <Space>
        <FloorButton route={r} defaultFloor={settings.data?.default_floor} />
        <PinSelect route={r} />
      </Space>
      <Card title="Figures" size="small">
        <Table<{ label: string; w: RouteQualityWindow }>
          size="small"
          pagination={false}
          rowKey="label"
          dataSource={WINDOW_ROWS.map((x) => ({ label: x.label, w: r[x.key] }))}
          columns={[
            { title: 'Window', dataIndex: 'label', key: 'label' },
            ...cols.map((c) => ({
              title: c.title,
              key: c.key,
              render: (_: unknown, row: { w: RouteQualityWindow }) => c.render(row.w),
            })),
          ]}
        />
      </Card>
      <Card title="By network (last 24 hours)" size="small">
        <Table
          size="small"
          pagination={false}
          rowKey="network"
          dataSource={r.networks}
          locale={{ emptyText: 'No traffic in the last 24 hours' }}
          columns={[
            {
              title: 'Network',
              dataIndex: 'network',
              key: 'network',
              render: (v: string) => v || 'No network by prefix',
            },
            ...cols.map((c) => ({
              title: c.title,
              key: c.key,
              render: (_: unknown, n: RouteQuality['networks'][number]) => c.render(n.last_day),
            })),
          ]}
        />
      </Card>
      <Card title="Changes" size="small">
        <Table<RouteQualityEvent>
          size="small"
          pagination={false}
          rowKey="event_uuid"
          loading={events.isLoading}
          dataSource={events.data?.items ?? []}
          locale={{ emptyText: 'No change yet' }}
          columns={[
            {
              title: withZone('When'),
              dataIndex: 'created_on',
              key: 'when',
              width: 200,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: 'Change',
              dataIndex: 'kind',
              key: 'kind',
              width: 140,
              render: (k: RouteQualityEvent['kind']) =>
                k === 'demoted' ? (
                  <Tag color="red">{EVENT_WORDS[k]}</Tag>
                ) : k === 'promoted' ? (
                  <Tag color="green">{EVENT_WORDS[k]}</Tag>
                ) : (
                  EVENT_WORDS[k]
                ),
            },
            { title: 'Why', dataIndex: 'reason', key: 'reason' },
            {
              title: 'By',
              dataIndex: 'actor_email',
              key: 'by',
              width: 200,
              render: (v: string | null) => v ?? 'Measurements',
            },
          ]}
        />
      </Card>
    </Space>
  );
}

/** The system admin's route quality below the product root: Products → Route quality, and a route's page. */
export function routeQualityRoutes(access: RoleAccess): RouteObject[] {
  return [
    {
      path: 'route-quality',
      handle: { title: 'Route quality', links: ['route-quality/:id'] },
      element: <RouteQualityListPage access={access} />,
    },
    { path: 'route-quality/:id', handle: { title: 'Route' }, element: <RouteQualityDetails /> },
  ];
}
