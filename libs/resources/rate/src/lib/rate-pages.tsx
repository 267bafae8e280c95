import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useParams, useSearchParams } from 'react-router';
import { describeApiError, lookupOf, showToast } from '@smsc/shared-api';
import {
  Button,
  Card,
  CreatePage,
  DownloadOutlined,
  EditPage,
  Empty,
  ListPage,
  lookupSelectProps,
  RecordState,
  Select,
  Space,
  Typography,
  UploadOutlined,
  downloadText,
  useResourcePath,
  type RoleAccess,
} from '@smsc/shared-ui';
import type { RouteObject } from 'react-router';
import { useReadOnly } from '@smsc/shared-session';
import {
  type RateOwner,
  useDeckOwnerQuery,
  useGetRateTableQuery,
  useLazyExportRatesQuery,
  useRateTablePageQuery,
} from './rate.api';
import { rateBundle, rateTableBundle } from './rate.resource';
import { RateImport } from './rate-import';
import { ChargeBasisAction, CHARGE_BASIS_KEY } from './charge-basis';
import { MarkupPage } from './markup-page';
import type { RateTable } from '@smsc/shared-contract';

/**
 * A rate table's selling rates: the list with its "Charged" column, and, for a role that may edit, the switch
 * between charging on delivery and on the carrier's acceptance on each row.
 */
function SellingRates({ access, listArg }: { access: RoleAccess; listArg: { rate_table_uuid: string } }) {
  const selling = useMemo(() => ({ ...access, keys: [...(access.keys ?? []), CHARGE_BASIS_KEY] }), [access]);
  const canChange = !useReadOnly() && access.edit !== false;
  return (
    <ListPage
      bundle={rateBundle}
      access={selling}
      listArg={listArg}
      rowActions={canChange ? (rate) => <ChargeBasisAction rate={rate} /> : undefined}
      rowActionsWidth={canChange ? 150 : 0}
    />
  );
}

const fileName = (name: string) => `${name.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-|-$/g, '') || 'rates'}.csv`;

/** Downloads every rate of a rate table or deck as CSV (GET .../export), in the columns the import reads. */
export function ExportRatesButton({ owner, name }: { owner: RateOwner; name: string }) {
  const dispatch = useDispatch();
  const [read, state] = useLazyExportRatesQuery();
  const run = async () => {
    try {
      const text = await read(owner).unwrap();
      downloadText(fileName(name), text);
      dispatch(showToast('success', `Exported the rates of ${name}`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={state.isFetching} onClick={() => void run()}>
      Export CSV
    </Button>
  );
}

/** {id}/rate-deck: a vendor product's deck (its cost per code or network), with export and a link to the import. */
export function RateDeckPage({ access }: { access: RoleAccess }) {
  const id = useParams().id ?? '';
  const owner = useDeckOwnerQuery(id);
  const resolve = useResourcePath();
  const listArg = useMemo(() => ({ vendor_product_uuid: id }), [id]);
  if (!owner.data) return <RecordState state={owner} />;
  const vp = owner.data;
  return (
    <ListPage
      key={id}
      bundle={rateBundle}
      access={access}
      listArg={listArg}
      extra={
        <Space style={{ marginBottom: 16 }} wrap>
          <Typography.Text data-testid="deck-name">
            Rate deck of <strong>{vp.vendor_product_name}</strong> ({vp.vendor_name})
          </Typography.Text>
          <ExportRatesButton owner={{ kind: 'vendor_product', id }} name={vp.vendor_product_name} />
          <Link to={resolve(`${id}/add/rate-deck`)}>
            <Button icon={<UploadOutlined />}>Import rate deck</Button>
          </Link>
          {/* the product area holds the change sets: the vendor root's sibling */}
          <Link
            to={resolve('').replace(/[^/]+$/, `product/rate-changes/new?vendor_product_uuid=${encodeURIComponent(id)}`)}
          >
            <Button icon={<UploadOutlined />}>Import for approval</Button>
          </Link>
          <Link to={resolve(`accounts/${vp.vendor_uuid}`)}>Back to {vp.vendor_name}'s products</Link>
        </Space>
      }
    />
  );
}

/** {id}/add/rate-deck: import a CSV into a vendor product's deck, with progress and a result per line. */
export function RateDeckImportPage() {
  const id = useParams().id ?? '';
  const owner = useDeckOwnerQuery(id);
  const resolve = useResourcePath();
  const [done, setDone] = useState(false);
  if (!owner.data) return <RecordState state={owner} />;
  return (
    <Card title={`Import a rate deck into ${owner.data.vendor_product_name}`} data-testid="deck-import">
      <RateImport owner={{ kind: 'vendor_product', id }} onImported={() => setDone(true)} />
      <Link to={resolve(`${id}/rate-deck`)}>{done ? 'See the imported rates' : 'Back to the rate deck'}</Link>
    </Card>
  );
}

/** sms-pricing: the selling rates of the rate table chosen (kept in the URL as ?rate_table_uuid=), with import and export. */
export function SmsPricingPage({ access }: { access: RoleAccess }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('rate_table_uuid') ?? '';
  const tables = useRateTablePageQuery({ page: 0, per_page: 1000, order_by: 'rate_table_name', order_dir: 'asc' });
  const table = tables.data?.items.find((t) => t.rate_table_uuid === chosen);
  const listArg = useMemo(() => ({ rate_table_uuid: chosen }), [chosen]);
  const [importing, setImporting] = useState(false);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <label htmlFor="pricing-table">Rate table</label>
        <Select
          id="pricing-table"
          style={{ minWidth: 320 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={chosen || undefined}
          placeholder="Choose a rate table"
          {...lookupSelectProps(
            lookupOf(tables, (d) =>
              d.items.map((t) => ({ label: `${t.rate_table_name} (${t.rate_count} rates)`, value: t.rate_table_uuid })),
            ),
          )}
          onChange={(v: string) => {
            setImporting(false);
            setParams({ rate_table_uuid: v });
          }}
        />
        {table && (
          <ExportRatesButton owner={{ kind: 'rate_table', id: table.rate_table_uuid }} name={table.rate_table_name} />
        )}
        {table && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting((v) => !v)}>
            {importing ? 'Close import' : 'Import rates'}
          </Button>
        )}
      </Space>
      {table && importing && (
        <Card size="small" title={`Import rates into ${table.rate_table_name}`}>
          <RateImport owner={{ kind: 'rate_table', id: table.rate_table_uuid }} />
        </Card>
      )}
      {table ? (
        <SellingRates key={table.rate_table_uuid} access={access} listArg={listArg} />
      ) : (
        <Empty description={tables.isLoading ? 'Loading rate tables…' : 'Choose a rate table to see its prices'} />
      )}
    </Space>
  );
}

/**
 * rate-table/edit/{id}: the rate table's name and type (the kit's edit form), and under it its rates:
 * the list (search, sort, delete by the role's access, the list's CSV export) and an import into this table.
 */
export function RateTableEditPage({ access }: { access: RoleAccess }) {
  const id = useParams().id ?? '';
  const table = useGetRateTableQuery(id);
  const listArg = useMemo(() => ({ rate_table_uuid: id }), [id]);
  const [importing, setImporting] = useState(false);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <EditPage bundle={rateTableBundle} backTo="rate-table" />
      {table.data && (
        <Card
          title={`Rates of ${table.data.rate_table_name}`}
          data-testid="rate-table-rates"
          extra={
            <Button icon={<UploadOutlined />} onClick={() => setImporting((v) => !v)}>
              {importing ? 'Close import' : 'Import rates'}
            </Button>
          }
        >
          {importing && <RateImport owner={{ kind: 'rate_table', id }} />}
          <SellingRates key={id} access={access} listArg={listArg} />
        </Card>
      )}
    </Space>
  );
}

/**
 * The pricing pages below the product root: rate-table, sms-pricing, sms-pricing/add-product (docs/spec.md §2,
 * the system admin's). `markup`: a reseller's tables also price from its cost (rate-table/{id}/markup, issue 45).
 */
export function ratePricingRoutes(access: RoleAccess, options: { markup?: boolean } = {}): RouteObject[] {
  const markup: RouteObject[] = options.markup
    ? [
        {
          path: 'rate-table/:id/markup',
          handle: { title: 'Price from my cost', links: ['rate-changes/:id', 'rate-table'] },
          element: <MarkupPage />,
        },
      ]
    : [];
  return [
    ...markup,
    {
      path: 'rate-table',
      handle: {
        title: 'Rate tables',
        links: [
          'sms-pricing/add-product',
          'rate-table/edit/:id',
          'sms-pricing',
          'rate-changes/new',
          ...(options.markup ? ['rate-table/:id/markup'] : []),
        ],
      },
      element: (
        <ListPage
          bundle={rateTableBundle}
          access={access}
          createPath="sms-pricing/add-product"
          editPath="rate-table/edit/:id"
          rowLinks={[
            { label: 'Prices', to: (t) => `sms-pricing?rate_table_uuid=${t.rate_table_uuid}` },
            // issue 49: a new deck as a change set, reviewed and approved before it applies
            { label: 'Import for approval', to: (t) => `rate-changes/new?rate_table_uuid=${t.rate_table_uuid}` },
            ...(options.markup
              ? [{ label: 'Price from my cost', to: (t: RateTable) => `rate-table/${t.rate_table_uuid}/markup` }]
              : []),
          ]}
        />
      ),
    },
    {
      path: 'rate-table/edit/:id',
      handle: { title: 'Edit rate table' },
      element: <RateTableEditPage access={access} />,
    },
    { path: 'sms-pricing', handle: { title: 'SMS pricing' }, element: <SmsPricingPage access={access} /> },
    {
      path: 'sms-pricing/add-product',
      handle: { title: 'Add rate table' },
      element: <CreatePage bundle={rateTableBundle} backTo="rate-table" />,
    },
  ];
}

/** A vendor product's deck pages below the vendor root: {id}/rate-deck and {id}/add/rate-deck (docs/spec.md §2). */
export function rateDeckRoutes(access: RoleAccess): RouteObject[] {
  return [
    {
      path: ':id/rate-deck',
      handle: {
        title: 'Rate deck',
        links: [':id/add/rate-deck', 'accounts/:vendor_uuid', '../product/rate-changes/new'],
      },
      element: <RateDeckPage access={access} />,
    },
    {
      path: ':id/add/rate-deck',
      handle: { title: 'Import rate deck', links: [':id/rate-deck'] },
      element: <RateDeckImportPage />,
    },
  ];
}
