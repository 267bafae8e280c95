import { useEffect, useState } from 'react';
import type { Product } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Button, Card, Form, Select, Space, Spin, Typography } from '@smsc/shared-ui';
import { useGetSignupPlanQuery, useListProductsQuery, useSetSignupPlanMutation } from './product.api';

/** No plan: a sign-up can neither top up nor buy numbers until someone gives it a product. */
const NONE = '';

/**
 * The products a sign-up may get: the platform's for the admin (a reseller's product prices only that reseller's
 * companies), every product the reseller sees for a reseller (its own). Active ones only: an inactive product
 * prices nothing.
 */
export function plannable(products: readonly Product[], platform: boolean): Product[] {
  return products.filter((p) => p.status === 'active' && (!platform || p.reseller_uuid === null));
}

/**
 * product/signup-plan (issue 45): the plan a company that signs up by itself gets. The admin's applies to
 * sign-ups on the platform; a reseller's to the companies that sign up through the link shown here or on its own
 * verified host name (issue #48).
 */
export function SignupPlanPage({ platform }: { platform: boolean }) {
  const dispatch = useAppDispatch();
  const plan = useGetSignupPlanQuery();
  const products = useListProductsQuery({ page: 0, per_page: 1000 });
  const [save, saving] = useSetSignupPlanMutation();
  const [form] = Form.useForm<{ product_uuid: string }>();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (plan.data) form.setFieldsValue({ product_uuid: plan.data.product_uuid ?? NONE });
  }, [plan.data, form]);

  const failed = plan.error ?? products.error;
  if (failed) return <Alert type="error" showIcon title={describeApiError(failed)} />;
  if (!plan.data || !products.data) return <Spin aria-label="Loading the sign-up plan" />;

  const options = [
    { value: NONE, label: 'No plan (sign-ups cannot top up or send until given one)' },
    ...plannable(products.data.items, platform).map((p) => ({ value: p.product_uuid, label: p.product_name })),
  ];
  const submit = async ({ product_uuid }: { product_uuid: string }) => {
    setError(null);
    try {
      await save({ product_uuid: product_uuid || null }).unwrap();
      dispatch(showToast('success', 'Sign-up plan saved'));
    } catch (failure) {
      setError(describeApiError(failure));
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Card title="Plan of new sign-ups">
        <Typography.Paragraph>
          {platform
            ? 'A company that creates its own account on the registration page gets this product: its prices and routes.'
            : 'A company that creates its own account through your sign-up link, or on your own domain (Brand), becomes yours and gets this product.'}{' '}
          Companies that signed up before keep the product they have.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={submit} data-testid="signup-plan">
          <Form.Item name="product_uuid" label="Product">
            <Select options={options} style={{ maxWidth: 480 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            Save
          </Button>
        </Form>
      </Card>
      <Card title="Sign-up link">
        <Typography.Paragraph copyable={{ text: plan.data.signup_url }}>
          <Typography.Text code>{plan.data.signup_url}</Typography.Text>
        </Typography.Paragraph>
        {!plan.data.product_uuid && (
          <Alert
            type="warning"
            showIcon
            title="Sign-ups get no plan now: they cannot top up, buy numbers or send until a product is chosen here or on their company."
          />
        )}
      </Card>
    </Space>
  );
}
