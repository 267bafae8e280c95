import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { VendorProduct } from '@smsc/shared-contract';
import {
  CreatePage,
  EditPage,
  ListPage,
  RecordState,
  Typography,
  type RoleAccess,
  type RowLink,
} from '@smsc/shared-ui';
import { useGetVendorProductQuery, useGetVendorQuery } from './vendor.api';
import { vendorProductBundle } from './vendor-product.resource';

/** Row links of a vendor product: its rate deck and the deck import (`{id}/rate-deck`, `{id}/add/rate-deck`; the id is the vendor product's). */
export const VENDOR_PRODUCT_LINKS: RowLink<VendorProduct>[] = [
  { label: 'Rate deck', to: (p) => `${p.vendor_product_uuid}/rate-deck` },
  { label: 'Import deck', to: (p) => `${p.vendor_product_uuid}/add/rate-deck` },
];

/** accounts/{id}: the vendor products (accounts) of one vendor, each with its rate deck. */
export function VendorAccountsPage({ access }: { access: RoleAccess }) {
  const id = useParams().id ?? '';
  const vendor = useGetVendorQuery(id);
  const listArg = useMemo(() => ({ vendor_uuid: id }), [id]);
  if (!vendor.data) return <RecordState state={vendor} />;
  return (
    <ListPage
      key={id}
      bundle={vendorProductBundle}
      access={access}
      listArg={listArg}
      createPath={`add-vendor-product?vendor_uuid=${encodeURIComponent(id)}`}
      editPath="edit-vendor-product/:id"
      rowLinks={VENDOR_PRODUCT_LINKS}
      extra={
        <Typography.Paragraph data-testid="vendor-name">
          Products of the vendor <strong>{vendor.data.vendor_name}</strong>
        </Typography.Paragraph>
      }
    />
  );
}

/** add-vendor-product (?vendor_uuid= picks the vendor): saved, it returns to that vendor's accounts. */
export function AddVendorProductPage() {
  const vendor = useSearchParams()[0].get('vendor_uuid') ?? '';
  const bundle = useMemo(
    () => ({
      ...vendorProductBundle,
      defaults: { ...vendorProductBundle.defaults, ...(vendor ? { vendor_uuid: vendor } : {}) },
    }),
    [vendor],
  );
  return <CreatePage bundle={bundle} backTo={vendor ? `accounts/${vendor}` : 'vendors'} />;
}

/** edit-vendor-product/{vendor_product_id}: saved, it returns to its vendor's accounts. */
export function EditVendorProductPage() {
  const record = useGetVendorProductQuery(useParams().id ?? '');
  if (!record.data) return <RecordState state={record} />;
  return <EditPage bundle={vendorProductBundle} backTo={`accounts/${record.data.vendor_uuid}`} />;
}

/** The vendor product pages below the system admin's vendor root (docs/spec.md §2). */
export function vendorProductRoutes(access: RoleAccess) {
  return [
    {
      path: 'accounts/:id',
      element: <VendorAccountsPage access={access} />,
      handle: {
        title: 'Vendor products',
        links: ['add-vendor-product', 'edit-vendor-product/:id', ':id/rate-deck', ':id/add/rate-deck'],
      },
    },
    { path: 'add-vendor-product', element: <AddVendorProductPage />, handle: { title: 'Add vendor product' } },
    { path: 'edit-vendor-product/:id', element: <EditVendorProductPage />, handle: { title: 'Edit vendor product' } },
  ];
}
