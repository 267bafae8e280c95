import type { RouteObject } from 'react-router';
import { Link, useSearchParams } from 'react-router';
import { Card, ResourceRoot, Select, Space, Typography } from '@smsc/shared-ui';
import { BrandPage } from '@smsc/resource-brand';
import { useListResellersQuery } from '@smsc/resource-reseller';
import { systemAdminRoutes } from './route-table';

const PLATFORM = '';
const ALL = { page: 0, per_page: 1000 };

/**
 * brand?reseller=<id>: the system admin sets the platform's own brand (what customers of no reseller, and of a
 * reseller without a brand, see) or opens any reseller's (issue #48); the reseller's details page links here.
 */
function AdminBrand() {
  const [params, setParams] = useSearchParams();
  const reseller = params.get('reseller') ?? undefined;
  const resellers = useListResellersQuery(ALL);
  const options = [
    { value: PLATFORM, label: 'The platform (customers of no reseller)' },
    ...(resellers.data?.items ?? []).map((r) => ({ value: r.reseller_uuid, label: r.reseller_name })),
  ];
  const picker = (
    <Card size="small">
      <Space wrap>
        <label htmlFor="brand-owner">Brand of</label>
        <Select
          id="brand-owner"
          aria-label="Brand of"
          showSearch
          optionFilterProp="label"
          loading={resellers.isLoading}
          value={reseller ?? PLATFORM}
          options={options}
          style={{ minWidth: 320 }}
          onChange={(v: string) => setParams(v ? { reseller: v } : {})}
        />
        {reseller ? (
          <Typography.Text>
            <Link to={systemAdminRoutes.to('resellersReseller', { id: reseller })}>Open the reseller</Link>
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
  return <BrandPage reseller={reseller} picker={picker} />;
}

/** The platform's own brand and, by choice, any reseller's. */
export const brandRoutes: RouteObject[] = [
  {
    path: systemAdminRoutes.path('brand'),
    element: <ResourceRoot />,
    children: [{ index: true, element: <AdminBrand />, handle: { title: 'Brand' } }],
  },
];
