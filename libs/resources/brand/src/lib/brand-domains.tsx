import { useState } from 'react';
import type { BrandDomain } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Button, Card, Form, Input, Popconfirm, Space, Table, Tag, Typography } from '@smsc/shared-ui';
import {
  useAddBrandDomainMutation,
  useListBrandDomainsQuery,
  useRemoveBrandDomainMutation,
  useVerifyBrandDomainMutation,
} from './brand.api';

/**
 * The host names the brand is served on. Each is proven by a DNS TXT record the screen names; once verified, the
 * console on that host (sign-in, registration, every page) is in the brand and sign-ups there become companies of
 * this reseller.
 */
export function BrandDomains({ readOnly }: { readOnly: boolean }) {
  const list = useListBrandDomainsQuery();
  const [add, adding] = useAddBrandDomainMutation();
  const [verify] = useVerifyBrandDomainMutation();
  const [remove] = useRemoveBrandDomainMutation();
  const [checking, setChecking] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ host: string }>();
  const run = async (what: () => Promise<unknown>, done?: string) => {
    try {
      await what();
      if (done) dispatch(showToast('success', done));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const check = async (d: BrandDomain) => {
    setChecking(d.domain_uuid);
    await run(async () => {
      const after = await verify(d.domain_uuid).unwrap();
      dispatch(
        showToast(
          after.status === 'verified' ? 'success' : 'warning',
          after.status === 'verified' ? `${d.host} is verified` : (after.last_check ?? 'Not verified yet'),
        ),
      );
    });
    setChecking(null);
  };
  return (
    <Card title="Domains" size="small">
      <Typography.Paragraph type="secondary">
        Point your host name at the platform, then prove it is yours: create the TXT record shown and press Verify.
      </Typography.Paragraph>
      {readOnly ? null : (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(v) =>
            void run(async () => {
              await add({ host: v.host.trim() }).unwrap();
              form.resetFields();
            }, 'Domain added: create its TXT record, then verify it')
          }
        >
          <Form.Item
            name="host"
            label="Host name"
            rules={[
              {
                required: true,
                pattern: /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
                message: 'A host name such as sms.example.com',
              },
            ]}
          >
            <Input placeholder="sms.example.com" maxLength={253} />
          </Form.Item>
          <Button htmlType="submit" loading={adding.isLoading}>
            Add domain
          </Button>
        </Form>
      )}
      <Table<BrandDomain>
        rowKey="domain_uuid"
        size="small"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        columns={[
          { title: 'Host name', dataIndex: 'host' },
          {
            title: 'TXT record',
            render: (_, d) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text copyable>{d.txt_name}</Typography.Text>
                <Typography.Text copyable code>
                  {d.txt_value}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: 'Status',
            render: (_, d) =>
              d.status === 'verified' ? (
                <Tag color="green">Verified</Tag>
              ) : (
                <Space orientation="vertical" size={0}>
                  <Tag color="gold">Pending</Tag>
                  {d.last_check ? <Typography.Text type="secondary">{d.last_check}</Typography.Text> : null}
                </Space>
              ),
          },
          ...(readOnly
            ? []
            : [
                {
                  title: 'Actions',
                  render: (_: unknown, d: BrandDomain) => (
                    <Space>
                      {d.status === 'pending' ? (
                        <Button size="small" loading={checking === d.domain_uuid} onClick={() => void check(d)}>
                          Verify {d.host}
                        </Button>
                      ) : null}
                      <Popconfirm
                        title={`Remove ${d.host}?`}
                        onConfirm={() => run(() => remove(d.domain_uuid).unwrap(), `${d.host} removed`)}
                      >
                        <Button size="small" danger>
                          Remove
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]),
        ]}
      />
    </Card>
  );
}
