import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '@smsc/shared-util';
import { useSearchParams } from 'react-router';
import { describeApiError } from '@smsc/shared-api';
import { Alert, Button, Card, Form, Input, Spin } from '@smsc/shared-ui';
import { topUpField } from './top-up-rules';
import { useCapturePaypalOrderMutation, useCreatePaypalOrderMutation, usePaypalConfigQuery } from './billing.api';

/**
 * PayPal's return to the gateway (?provider=paypal&token=<order id>): the server captures the order,
 * checks PayPal's answer and credits the balance; this shows what came of it. Runs once per order id.
 */
function PaypalReturn({ orderId, leave }: { orderId: string; leave: (url: string) => void }) {
  const [capture, state] = useCapturePaypalOrderMutation();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === orderId) return;
    asked.current = orderId;
    void capture({ order_id: orderId });
  }, [capture, orderId]);
  if (state.isLoading || state.isUninitialized)
    return (
      <Spin tip="Confirming your PayPal payment…">
        <div style={{ minHeight: 48 }} />
      </Spin>
    );
  if (state.error)
    return (
      <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={describeApiError(state.error)} />
    );
  const p = state.data?.payment;
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      title={<span data-testid="payment-result">Payment received</span>}
      description={
        p &&
        `${formatMoney(p.amount, p.currency)} by PayPal ${state.data?.credited ? 'has been added to your balance' : 'was already in your balance'}.`
      }
      action={
        <Button size="small" onClick={() => leave('')}>
          Done
        </Button>
      }
    />
  );
}

/** The payment button: PayPal, next to card checkout. Without server credentials it says so instead. */
export function PaypalButton({ go }: { go: (url: string) => void }) {
  const config = usePaypalConfigQuery();
  const [create, state] = useCreatePaypalOrderMutation();
  const [failure, setFailure] = useState<string>();
  const [params, setParams] = useSearchParams();
  const returned =
    params.get('provider') === 'paypal' && params.get('status') !== 'cancel' ? params.get('token') : null;
  const pay = async ({ amount }: { amount: string }) => {
    setFailure(undefined);
    try {
      go((await create({ amount: amount.trim() }).unwrap()).approve_url);
    } catch (e) {
      setFailure(describeApiError(e));
    }
  };
  const field = topUpField(config.data?.currency ?? 'USD');
  // Without server credentials a customer is offered nothing to click: one plain sentence, no setup words
  // (the variables are for the platform operators, in docs/deployment.md). A returning PayPal order is
  // still confirmed.
  if (!returned && !config.isLoading && !config.error && !config.data?.configured)
    return (
      <Card title="Other payment methods" style={{ maxWidth: 480 }}>
        <p data-testid="paypal-not-configured" style={{ margin: 0 }}>
          PayPal is not offered on this platform. Pay by card.
        </p>
      </Card>
    );
  return (
    <Card title="Pay with PayPal" style={{ maxWidth: 480 }}>
      {returned && <PaypalReturn orderId={returned} leave={() => setParams({}, { replace: true })} />}
      {config.isLoading ? (
        <Spin />
      ) : config.error ? (
        <Alert type="error" showIcon role="alert" title={describeApiError(config.error)} />
      ) : !config.data?.configured ? null : (
        // its own form name keeps its field ids apart from the card form's on the same page
        <Form name="paypal" layout="vertical" onFinish={pay} requiredMark="optional">
          <Form.Item name="amount" label="Amount to pay with PayPal (USD)" rules={field.rules} extra={field.help}>
            <Input inputMode="decimal" placeholder="50.00" autoComplete="off" />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={state.isLoading}>
            Pay with PayPal
          </Button>
        </Form>
      )}
    </Card>
  );
}
