import { useState } from 'react';
import { useParams } from 'react-router';
import {
  lookupSelectProps,
  Alert,
  Button,
  Card,
  Descriptions,
  EditPage,
  Form,
  Input,
  RecordState,
  Select,
  Space,
  Table,
  Typography,
} from '@smsc/shared-ui';
import { describeApiError, useCompanyOptions } from '@smsc/shared-api';
import type { Product, QuoteAnswer } from '@smsc/shared-contract';
import type { ResourcePages, RoleAccess } from '@smsc/shared-ui';
import { productBundle } from './product.resource';
import {
  useAddProductCompanyMutation,
  useGetProductQuery,
  useLazyQuoteProductQuery,
  useListProductCompaniesQuery,
} from './product.api';

const REASONS: Record<string, string> = {
  no_price: "No price: the product's rate table has no rate in effect for this number.",
  no_route: 'No route: no vendor product in the routing carries this number at a known cost.',
  bad_number: 'Not a valid phone number (give it in international form, e.g. +44 20 7946 0018).',
};

/** "Test a number": what one message to the number costs the customer and us, and who carries it. */
export function QuoteBox({ productUuid }: { productUuid: string }) {
  const [dnis, setDnis] = useState('');
  const [trigger, result] = useLazyQuoteProductQuery();
  const q: QuoteAnswer | undefined = result.data;
  return (
    <Card title="Test a number" size="small" data-testid="quote-box">
      <Form layout="inline" onFinish={() => dnis.trim() && trigger({ id: productUuid, dnis: dnis.trim() })}>
        <Form.Item label="Number" htmlFor="quote-dnis">
          <Input
            id="quote-dnis"
            value={dnis}
            onChange={(e) => setDnis(e.target.value)}
            placeholder="+49 151 23456789"
            autoComplete="off"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={result.isFetching}>
          Quote
        </Button>
      </Form>
      {result.error ? <Alert type="error" role="alert" title={describeApiError(result.error)} /> : null}
      {q && !result.isFetching && (
        <div data-testid="quote-result" style={{ marginTop: 16 }}>
          {!q.ok && <Alert type="warning" showIcon title={REASONS[q.reason ?? ''] ?? q.reason} />}
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginTop: 8 }}
            items={[
              { key: 'dnis', label: 'Number', children: `+${q.dnis}` },
              {
                key: 'network',
                label: 'Mobile network',
                children: q.network
                  ? `${q.network.network_name} (${q.network.iso3 ?? '—'})`
                  : `— (${q.country_iso2 ?? 'unknown country'}, priced by code)`,
              },
              ...(q.ok
                ? [
                    { key: 'price', label: 'Price', children: q.price },
                    {
                      key: 'vendor',
                      label: 'Vendor product',
                      // every route demoted: the message still goes, on the cheapest of them (docs/delivery-quality.md)
                      children: q.routes[0]?.is_demoted
                        ? `${q.vendor_product_name} (demoted: delivery under its floor, no other route)`
                        : q.vendor_product_name,
                    },
                    { key: 'cost', label: 'Cost', children: q.cost },
                    { key: 'margin', label: 'Margin', children: q.margin },
                    {
                      key: 'fallbacks',
                      label: 'Fallbacks',
                      children:
                        q.routes
                          .slice(1)
                          .map((r) => `${r.vendor_product_name} (${r.cost}${r.is_demoted ? ', demoted' : ''})`)
                          .join(', ') || 'none',
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
    </Card>
  );
}

/** sms-routes/edit-product/{id}: the product form with the quote box under it. */
export function ProductEditPage() {
  const id = useParams().id ?? '';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <EditPage bundle={productBundle} backTo="sms-routes" />
      <QuoteBox productUuid={id} />
    </Space>
  );
}

/** sms-routes/add-company/{id}: the companies the product prices, and giving it to another company. */
export function ProductCompaniesPage() {
  const id = useParams().id ?? '';
  const product = useGetProductQuery(id);
  const assigned = useListProductCompaniesQuery(id);
  // The caller's companies: a reseller lists only its own (the server scopes /company/list).
  const companies = useCompanyOptions();
  const [add, adding] = useAddProductCompanyMutation();
  const [company, setCompany] = useState<string>();
  if (!product.data) return <RecordState state={product} />;
  const taken = new Set((assigned.data?.items ?? []).map((c) => c.company_uuid));
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph data-testid="product-name">
        Companies priced and routed by the product <strong>{product.data.product_name}</strong>
      </Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={async () => {
          if (!company) return;
          await add({ id, company_uuid: company })
            .unwrap()
            .catch(() => undefined);
          setCompany(undefined);
        }}
      >
        <Form.Item label="Company" htmlFor="product-company">
          <Select
            id="product-company"
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 280 }}
            value={company}
            onChange={setCompany}
            {...lookupSelectProps({ ...companies, options: companies.options.filter((o) => !taken.has(o.value)) })}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adding.isLoading} disabled={!company}>
          Add company
        </Button>
      </Form>
      {adding.error ? <Alert type="error" role="alert" title={describeApiError(adding.error)} /> : null}
      <Table
        rowKey="company_uuid"
        size="small"
        loading={assigned.isLoading}
        pagination={false}
        data-testid="product-companies"
        dataSource={assigned.data?.items ?? []}
        columns={[{ key: 'company_name', dataIndex: 'company_name', title: 'Company' }]}
      />
    </Space>
  );
}

/**
 * The product screens of docs/spec.md §2 (system admin and reseller alike: sms-routes, sms-routes/add-product,
 * sms-routes/edit-product/{id}, sms-routes/add-company/{id}: a product given to companies). The edit page is
 * mounted here (not by the kit) so the quote box sits under the form.
 */
export function productPages(canAssign: boolean): ResourcePages<Product> {
  return {
    path: 'product',
    redirectTo: 'sms-routes',
    list: { path: 'sms-routes', title: 'SMS routes' },
    create: { path: 'sms-routes/add-product', title: 'Add product' },
    rowLinks: [
      { label: 'Edit', to: (p) => `sms-routes/edit-product/${p.product_uuid}` },
      ...(canAssign ? [{ label: 'Companies', to: (p: Product) => `sms-routes/add-company/${p.product_uuid}` }] : []),
    ],
    extra: [
      { path: 'sms-routes/edit-product/:id', element: <ProductEditPage />, handle: { title: 'Edit product' } },
      ...(canAssign
        ? [{ path: 'sms-routes/add-company/:id', element: <ProductCompaniesPage />, handle: { title: 'Add company' } }]
        : []),
    ],
  };
}

/** The kit's own edit page is replaced by ProductEditPage, so the role access turns the kit's off. */
export const productAccess = (access: RoleAccess): RoleAccess => ({ ...access, edit: false });
