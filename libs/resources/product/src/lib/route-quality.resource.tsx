import type { RoutePin, RouteQuality, RouteQualityState, RouteQualityWindow } from '@smsc/shared-contract';
import { Tag, Tooltip, Typography, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import { useLazyListRouteQualityQuery, useListRouteQualityQuery } from './route-quality.api';

export const PIN_WORDS: Record<RoutePin, string> = { auto: 'Automatic', on: 'Always on', off: 'Held off' };
export const PIN_HINTS: Record<RoutePin, string> = {
  auto: 'its measurements decide',
  on: 'never demoted, whatever it delivers',
  off: 'demoted until you let it go',
};
export const STATE_WORDS: Record<RouteQualityState, string> = { active: 'Active', demoted: 'Demoted' };

/** A ratio as people read it: 0.875 → "87.5 %"; none yet → "—". */
export const percent = (r: number | null | undefined) =>
  r === null || r === undefined ? '—' : `${(Math.round(r * 1000) / 10).toLocaleString('en')} %`;
/** Seconds with their unit, or "—". */
export const seconds = (s: number | null | undefined) =>
  s === null || s === undefined ? '—' : s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s).toLocaleString('en')} s`;

/** The route in words: "Northwind Direct → United States". */
export const routeName = (r: Pick<RouteQuality, 'vendor_product_name' | 'country'>) =>
  `${r.vendor_product_name} → ${r.country}`;

export function StateTag({ route }: { route: Pick<RouteQuality, 'state' | 'state_since'> }) {
  return (
    <Tooltip title={`Since ${formatDateTime(route.state_since)}`}>
      <Tag color={route.state === 'demoted' ? 'red' : 'green'}>{STATE_WORDS[route.state]}</Tag>
    </Tooltip>
  );
}

/** The delivered ratio against the floor: red when under it over enough judged messages. */
export function DeliveredRatio({ w, floor }: { w: RouteQualityWindow; floor: number }) {
  if (w.delivered_ratio === null) return <span>—</span>;
  const under = w.delivered_ratio < floor;
  return (
    <span>
      <Typography.Text type={under ? 'danger' : undefined} strong={under}>
        {percent(w.delivered_ratio)}
      </Typography.Text>
      <Typography.Text type="secondary"> of {w.judged.toLocaleString('en')}</Typography.Text>
    </span>
  );
}

export const routeQualityDefinition: ResourceDefinition<RouteQuality> = {
  name: 'route-quality',
  title: 'Route quality',
  singular: 'Route',
  idField: 'route_quality_uuid',
  perPage: 20,
  defaultSort: { order_by: 'state', order_dir: 'desc' },
  // a route is measured from its first message: on a fresh platform the list starts empty, and says why
  emptyText:
    'No route has carried a message yet: each vendor product appears here for a country once it has sent there.',
  columns: [
    {
      key: 'vendor_product_name',
      title: 'Vendor product',
      search: 'text',
      sortable: true,
      width: 200,
      render: (_v, r) => (
        <span>
          {r.vendor_product_name}
          <br />
          <Typography.Text type="secondary">{r.vendor_name}</Typography.Text>
        </span>
      ),
      csv: (_v, r) => r.vendor_product_name,
    },
    {
      key: 'country_code',
      title: 'Country',
      search: 'text',
      sortable: true,
      width: 160,
      render: (_v, r) => `${r.country} (${r.country_code})`,
    },
    {
      key: 'state',
      title: 'State',
      sortable: true,
      search: 'select',
      options: Object.entries(STATE_WORDS).map(([value, label]) => ({ value, label })),
      width: 110,
      render: (_v, r) => <StateTag route={r} />,
    },
    {
      key: 'delivered_ratio',
      title: 'Delivered (window)',
      sortable: true,
      width: 150,
      render: (_v, r) => <DeliveredRatio w={r.window} floor={r.floor} />,
      csv: (_v, r) => r.window.delivered_ratio,
    },
    {
      key: 'receipt_ratio',
      title: 'Receipts (window)',
      width: 130,
      render: (_v, r) => percent(r.window.receipt_ratio),
      csv: (_v, r) => r.window.receipt_ratio,
    },
    {
      key: 'sent',
      title: 'Sent (window)',
      width: 110,
      render: (_v, r) => r.window.sent.toLocaleString('en'),
      csv: (_v, r) => r.window.sent,
    },
    {
      key: 'latency',
      title: 'Receipt latency p50 / p95',
      width: 170,
      render: (_v, r) => `${seconds(r.window.latency_p50)} / ${seconds(r.window.latency_p95)}`,
    },
    {
      key: 'last_hour',
      title: 'Delivered (1 h)',
      width: 140,
      render: (_v, r) => <DeliveredRatio w={r.last_hour} floor={r.floor} />,
      csv: (_v, r) => r.last_hour.delivered_ratio,
    },
    {
      key: 'last_day',
      title: 'Delivered (24 h)',
      width: 140,
      render: (_v, r) => <DeliveredRatio w={r.last_day} floor={r.floor} />,
      csv: (_v, r) => r.last_day.delivered_ratio,
    },
    {
      key: 'floor',
      title: 'Floor',
      width: 110,
      render: (_v, r) => (r.floor_is_default ? `${percent(r.floor)} (default)` : percent(r.floor)),
      csv: (_v, r) => r.floor,
    },
    {
      key: 'pin',
      title: 'Pin',
      search: 'select',
      options: Object.entries(PIN_WORDS).map(([value, label]) => ({ value, label })),
      width: 110,
      render: (_v, r) => (r.pin === 'auto' ? PIN_WORDS.auto : <Tag color="blue">{PIN_WORDS[r.pin]}</Tag>),
    },
  ],
  formFields: [],
};

export const routeQualityBundle: ResourceBundle<RouteQuality> = {
  definition: routeQualityDefinition,
  useList: useListRouteQualityQuery,
  useLazyList: useLazyListRouteQualityQuery,
};
