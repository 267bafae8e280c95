import { useRef, useState } from 'react';
import { useParams, type RouteObject } from 'react-router';
import {
  Alert,
  Button,
  DeleteOutlined,
  Input,
  PlusOutlined,
  RecordState,
  SearchSelect,
  Select,
  lookupSelectProps,
  Space,
  Switch,
  Table,
  Typography,
  resourceRoutes,
  type RoleAccess,
} from '@smsc/shared-ui';
import { describeApiError, lookupOf } from '@smsc/shared-api';
import type { RouteLine, RoutingWithRoutes } from '@smsc/shared-contract';
import { useGetRoutingQuery, useRouteVendorProductsQuery, useUpdateRoutingMutation } from './routing.api';
import { routingBundle } from './routing.resource';
import { useRouteNetworkSearch } from './route-networks';

/** One row of the editor: a dial code or a mobile network (MCC/MNC), the vendor product it goes to, pinned or not. */
export interface RouteRow {
  key: number;
  /** what the route matches: a code (the default) or a mobile network */
  match?: 'code' | 'network';
  code: string;
  mobile_network_uuid?: string;
  vendor_product_uuid?: string;
  is_pinned: boolean;
}

const MATCHES = [
  { label: 'Code', value: 'code' },
  { label: 'Mobile network', value: 'network' },
];

const CODE = /^[0-9]{1,15}$/;

/**
 * The rows as the PATCH body's routes, or the first problem in words (a row without code, network or vendor
 * product).
 */
export function toRouteLines(rows: RouteRow[]): { routes: RouteLine[] } | { problem: string } {
  const routes: RouteLine[] = [];
  for (const [i, row] of rows.entries()) {
    const byNetwork = row.match === 'network';
    const code = row.code.trim();
    if (byNetwork && !row.mobile_network_uuid) return { problem: `Route ${i + 1}: choose the mobile network` };
    if (!byNetwork && !CODE.test(code))
      return { problem: `Route ${i + 1}: the code is 1 to 15 digits (e.g. 44 or 4477)` };
    if (!row.vendor_product_uuid) return { problem: `Route ${i + 1}: choose the vendor product` };
    const key = byNetwork ? { mobile_network_uuid: row.mobile_network_uuid } : { code };
    routes.push({ ...key, vendor_product_uuid: row.vendor_product_uuid, is_pinned: row.is_pinned });
  }
  return { routes };
}

function rowsOf(routing: RoutingWithRoutes): RouteRow[] {
  return routing.routes.map((r, key) => ({
    key,
    match: r.code === null ? 'network' : 'code',
    code: r.code ?? '',
    mobile_network_uuid: r.mobile_network_uuid ?? undefined,
    vendor_product_uuid: r.vendor_product_uuid,
    is_pinned: r.is_pinned,
  }));
}

/**
 * The routes of one routing: each code goes to a vendor product. Several routes for one code are
 * fallbacks of each other: pinned ones are tried first, then the rest cheapest first.
 */
export function RoutesEditor() {
  const id = useParams().id ?? '';
  const routing = useGetRoutingQuery(id);
  // kept here: the save's own refetch remounts the form below, and "Routes saved" must outlive that remount
  const [saved, setSaved] = useState(false);
  if (!routing.data) return <RecordState state={routing} />;
  // a fresh read (after a save) starts the editor again from what the server holds
  return (
    <RoutesForm key={routing.fulfilledTimeStamp} id={id} routing={routing.data} saved={saved} setSaved={setSaved} />
  );
}

function RoutesForm({
  id,
  routing,
  saved,
  setSaved,
}: {
  id: string;
  routing: RoutingWithRoutes;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}) {
  const products = useRouteVendorProductsQuery();
  const [save, saving] = useUpdateRoutingMutation();
  const [rows, setRows] = useState<RouteRow[]>(() => rowsOf(routing));
  const [problem, setProblem] = useState<string>();
  const nextKey = useRef(routing.routes.length);
  const change = (key: number, part: Partial<RouteRow>) => {
    setSaved(false);
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...part } : r)));
  };
  const productPicker = lookupSelectProps(
    lookupOf(products, (d) =>
      d.items.map((p) => ({ label: `${p.vendor_name} / ${p.vendor_product_name}`, value: p.vendor_product_uuid })),
    ),
  );
  const submit = async () => {
    const lines = toRouteLines(rows);
    if ('problem' in lines) return setProblem(lines.problem);
    setProblem(undefined);
    await save({ id, body: { routes: lines.routes } })
      .unwrap()
      .then(() => setSaved(true))
      .catch(() => undefined);
  };
  return (
    <section aria-labelledby="routes-title" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="routes-title" style={{ fontSize: 18 }}>
        Routes
      </Typography.Title>
      <Typography.Paragraph>
        Each code (the start of a number, e.g. 44) or mobile network goes to a vendor product. Give one code several
        routes for fallbacks: pinned routes are tried first, then the others from the cheapest up. A route by mobile
        network (MCC/MNC) is chosen over the code routes for a number on that network: the network of its prefix, or the
        one a number lookup found (a ported number, for a product with number lookup on).
      </Typography.Paragraph>
      <Table<RouteRow>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="routing-routes"
        locale={{ emptyText: 'No routes yet' }}
        columns={[
          {
            key: 'match',
            title: 'Match',
            width: 170,
            render: (_, r, i) => (
              <Select
                aria-label={`Match of route ${i + 1}`}
                style={{ width: '100%' }}
                options={MATCHES}
                value={r.match ?? 'code'}
                onChange={(match: 'code' | 'network') => change(r.key, { match })}
              />
            ),
          },
          {
            key: 'code',
            title: 'Code or mobile network',
            render: (_, r, i) =>
              r.match === 'network' ? (
                <SearchSelect
                  aria-label={`Mobile network of route ${i + 1}`}
                  style={{ minWidth: 240, width: '100%' }}
                  placeholder="Type a country, network or MCC"
                  useSearchOptions={useRouteNetworkSearch}
                  value={r.mobile_network_uuid}
                  onChange={(v: string) => change(r.key, { mobile_network_uuid: v })}
                />
              ) : (
                <Input
                  aria-label={`Code of route ${i + 1}`}
                  value={r.code}
                  inputMode="numeric"
                  onChange={(e) => change(r.key, { code: e.target.value })}
                />
              ),
          },
          {
            key: 'vendor_product',
            title: 'Vendor product',
            render: (_, r, i) => (
              <Select
                aria-label={`Vendor product of route ${i + 1}`}
                showSearch
                optionFilterProp="label"
                style={{ minWidth: 240, width: '100%' }}
                {...productPicker}
                value={r.vendor_product_uuid}
                onChange={(v: string) => change(r.key, { vendor_product_uuid: v })}
              />
            ),
          },
          {
            key: 'pinned',
            title: 'Pinned (tried first)',
            width: 150,
            render: (_, r, i) => (
              <Switch
                aria-label={`Pin route ${i + 1}`}
                checked={r.is_pinned}
                onChange={(on) => change(r.key, { is_pinned: on })}
              />
            ),
          },
          {
            key: 'remove',
            title: 'Actions',
            width: 110,
            render: (_, r, i) => (
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove route ${i + 1}`}
                onClick={() => {
                  setSaved(false);
                  setRows((all) => all.filter((x) => x.key !== r.key));
                }}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }} wrap>
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            setRows((all) => [...all, { key: nextKey.current++, match: 'code', code: '', is_pinned: false }])
          }
        >
          Add route
        </Button>
        <Button type="primary" loading={saving.isLoading} onClick={submit}>
          Save routes
        </Button>
        {saved ? <span role="status">Routes saved</span> : null}
      </Space>
      {problem ? <Alert style={{ marginTop: 12 }} type="error" role="alert" title={problem} /> : null}
      {saving.error ? (
        <Alert style={{ marginTop: 12 }} type="error" role="alert" title={describeApiError(saving.error)} />
      ) : null}
    </section>
  );
}

/**
 * product/routing: the routings a product routes by (docs/spec.md §7 GET/POST/PATCH /routing; the spec lists
 * no screen path, so they sit beside the product's other catalog pages): list, add, and edit with
 * the routes editor under the name.
 */
export function routingRoutes(access: RoleAccess): RouteObject {
  return resourceRoutes(routingBundle, access, {
    path: 'routing',
    list: { path: '', title: 'Routings' },
    create: { path: 'add', title: 'Add routing' },
    edit: { path: 'edit/:id', title: 'Edit routing' },
    editExtra: <RoutesEditor />,
  });
}
