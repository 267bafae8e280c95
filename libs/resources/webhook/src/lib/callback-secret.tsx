import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { describeApiError, showToast, useCompanyOptions } from '@smsc/shared-api';
import { Button, Card, lookupSelectProps, Popconfirm, Select, Space, Typography } from '@smsc/shared-ui';
import { useCallbackSecretQuery, useRotateCallbackSecretMutation } from './webhook.api';
import { revealSecret, SecretNotice } from './webhook-secret';

/**
 * Above the webhook list: the company's secret for per-message status callbacks (POST /sms status_callback
 * is signed with it; docs/webhooks.md), and the one-time notice of a secret just created.
 * `chooseCompany`: the role manages several companies (system admin, reseller) and picks one first.
 */
export function WebhookListExtra({ chooseCompany = false }: { chooseCompany?: boolean }) {
  const dispatch = useDispatch();
  const [company, setCompany] = useState<string | undefined>();
  const companies = useCompanyOptions({ skip: !chooseCompany });
  const ready = !chooseCompany || !!company;
  const info = useCallbackSecretQuery(company, { skip: !ready });
  const [rotate, rotating] = useRotateCallbackSecretMutation();
  const exists = !!info.data?.secret_hint;
  const make = async () => {
    try {
      const r = await rotate(company).unwrap();
      revealSecret('The status-callback signing secret', r.secret);
      dispatch(showToast('success', exists ? 'A new callback secret is in place' : 'Callback secret created'));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const button = (
    <Button loading={rotating.isLoading} disabled={!ready} onClick={exists ? undefined : () => void make()}>
      {exists ? 'New callback secret' : 'Create callback secret'}
    </Button>
  );
  return (
    <Card size="small" title="Status callbacks" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        A message sent through the API with a status_callback URL reports its status there, signed with this secret.
      </Typography.Paragraph>
      <Space wrap>
        {chooseCompany && (
          <Select
            aria-label="Company"
            placeholder="Company"
            style={{ width: 240 }}
            value={company}
            onChange={setCompany}
            {...lookupSelectProps(companies)}
          />
        )}
        {ready && (
          <Typography.Text data-testid="callback-secret-hint">
            {info.isLoading ? '…' : (info.data?.secret_hint ?? 'No callback secret yet')}
          </Typography.Text>
        )}
        {exists ? (
          <Popconfirm
            title="Replace the callback secret?"
            description="Status callbacks are signed with the new one at once."
            okText="Replace"
            okButtonProps={{ danger: true }}
            onConfirm={() => void make()}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        )}
      </Space>
      <SecretNotice />
    </Card>
  );
}
