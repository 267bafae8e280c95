import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeApiError } from '@smsc/shared-api';
import { Alert, Button, Card, Form, Input, Spin } from '@smsc/shared-ui';
import { useCapturePaypalOrderMutation, useCreatePaypalOrderMutation, usePaypalConfigQuery } from './billing.api';
import { showMoney } from './money';

const AMOUNT_RULES = [
  { required: true, message: 'Enter an amount' },
  { pattern: /^\s*\d{1,9}(\.\d{1,2})?\s*$/, message: 'Enter an amount such as 50.00' },
  { validator: (_: unknown, v?: string) => (!v || Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error('The amount must be greater than zero'))) },
];

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
  if (state.isLoading || state.isUninitialized) return <Spin tip="Confirming your PayPal payment…"><div style={{ minHeight: 48 }} /></Spin>;
  if (state.error) return <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={describeApiError(state.error)} />;
  const p = state.data?.payment;
  return (
    <Alert type="success" showIcon style={{ marginBottom: 16 }} title={<span data-testid="payment-result">Payment received</span>}
      description={p && `${showMoney(p.amount, p.currency)} by PayPal ${state.data?.credited ? 'has been added to your balance' : 'was already in your balance'}.`}
      action={<Button size="small" onClick={() => leave('')}>Done</Button>} />
  );
}

/** The payment button: PayPal, next to card checkout. Without server credentials it says so instead. */
export function PaypalButton({ go }: { go: (url: string) => void }) {
  const config = usePaypalConfigQuery();
  const [create, state] = useCreatePaypalOrderMutation();
  const [failure, setFailure] = useState<string>();
  const [params, setParams] = useSearchParams();
  const returned = params.get('provider') === 'paypal' && params.get('status') !== 'cancel' ? params.get('token') : null;
  const pay = async ({ amount }: { amount: string }) => {
    setFailure(undefined);
    try {
      go((await create({ amount: amount.trim() }).unwrap()).approve_url);
    } catch (e) {
      setFailure(describeApiError(e));
    }
  };
  return (
    <Card title="Pay with PayPal" style={{ maxWidth: 480 }}>
      {returned && <PaypalReturn orderId={returned} leave={() => setParams({}, { replace: true })} />}
      {config.isLoading ? (
        <Spin />
      ) : config.error ? (
        <Alert type="error" showIcon role="alert" title={describeApiError(config.error)} />
      ) : !config.data?.configured ? (
        <Alert type="info" showIcon data-testid="paypal-not-configured" title="PayPal is not configured on this server"
          description="The server has no PayPal credentials (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET), so the PayPal button is off. Pay by card meanwhile, or ask the platform administrator." />
      ) : (
        // its own form name keeps its field ids apart from the card form's on the same page
        <Form name="paypal" layout="vertical" onFinish={pay} requiredMark="optional">
          <Form.Item name="amount" label="Amount to pay with PayPal (USD)" rules={AMOUNT_RULES}>
            <Input inputMode="decimal" placeholder="50.00" autoComplete="off" />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={state.isLoading}>Pay with PayPal</Button>
        </Form>
      )}
    </Card>
  );
}
