import { useMemo, useState } from 'react';
import { formatMoney } from '@smsc/shared-util';
import { Link, useParams, useSearchParams } from 'react-router';
import { describeApiError } from '@smsc/shared-api';
import type { BalanceQuery } from '@smsc/shared-contract';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  ListPage,
  PageLoading,
  Result,
  Space,
  Statistic,
  definitionFor,
  type ResourceBundle,
  type RoleAccess,
} from '@smsc/shared-ui';
import { useGetBalanceQuery, useStartCheckoutMutation } from './billing.api';
import { paymentBundle, transactionBundle } from './payment.resource';
import { PaypalButton } from './paypal-button';
import { topUpField } from './top-up-rules';

/** The account's balance and what it can still spend (balance − holds, plus credit for postpay). */
export function BalanceSummary({ query }: { query: BalanceQuery }) {
  // Read again each time a screen shows it: receipts settle charges in the background (a campaign's or a schedule's
  // messages, after the send that refreshed the cache), so the copy the header keeps can be older than the ledger rows
  // listed under it.
  const { data, error, isLoading } = useGetBalanceQuery(query, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoading />;
  if (error || !data) return <Alert type="error" showIcon role="alert" title={describeApiError(error)} />;
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Space size="large" wrap>
        <Statistic
          title="Balance"
          value={formatMoney(data.balance, data.currency)}
          valueRender={() => <span data-testid="balance">{formatMoney(data.balance, data.currency)}</span>}
        />
        <Statistic title="Available" value={formatMoney(data.available, data.currency)} />
        {data.reserved !== '0.00' && (
          <Statistic title="Held for messages in flight" value={formatMoney(data.reserved, data.currency)} />
        )}
      </Space>
    </Card>
  );
}

function useScoped<T extends object, C>(bundle: ResourceBundle<T, C>, access: RoleAccess) {
  // Built once per bundle and role: lists key their URL state on the definition object.
  return useMemo(() => ({ ...bundle, definition: definitionFor(bundle.definition, access.keys) }), [bundle, access]);
}

export interface HistoryProps {
  access: RoleAccess;
  /** whose history the :id route parameter names; without :id, everything the role may see */
  owner: 'company' | 'reseller';
  /** the caller's own account (a company admin's, a reseller's): its balance on top without an :id */
  own?: boolean;
}

/** transaction-history/{id}: one account's ledger entries, with its balance on top. */
export function TransactionHistory({ access, owner, own }: HistoryProps) {
  const id = useParams().id;
  const bundle = useScoped(transactionBundle, access);
  const listArg = useMemo(() => (id ? { [`${owner}_uuid`]: id } : undefined), [id, owner]);
  return (
    <ListPage
      bundle={bundle}
      access={{ ...access, create: false, delete: false }}
      listArg={listArg}
      extra={id ? <BalanceSummary query={{ [`${owner}_uuid`]: id }} /> : own && <BalanceSummary query={{}} />}
    />
  );
}

/** payment-history/{id}: one company's or reseller's payments. */
export function PaymentHistory({ access, owner }: HistoryProps) {
  const id = useParams().id;
  const bundle = useScoped(paymentBundle, access);
  const listArg = useMemo(() => (id ? { [`${owner}_uuid`]: id } : undefined), [id, owner]);
  return <ListPage bundle={bundle} access={{ ...access, create: false, delete: false }} listArg={listArg} />;
}

/** Leaving the console for the checkout page; an object so component tests can watch it (jsdom cannot navigate). */
export const checkoutNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * payment-gateway: the caller tops up its own account by card or with the PayPal button. For a card the
 * server answers where to go next: the provider's hosted checkout, or the built-in test checkout when no
 * provider keys are configured; PayPal's approval page comes back here to be captured by the server.
 */
export function PaymentGateway() {
  const [start, state] = useStartCheckoutMutation();
  const [failure, setFailure] = useState<string>();
  // A reseller's checkout comes back here with ?status=success|cancel.
  const status = useSearchParams()[0].get('status');
  const card = topUpField('USD');
  const pay = async ({ amount }: { amount: string }) => {
    setFailure(undefined);
    try {
      const answer = await start({ amount: amount.trim() }).unwrap();
      checkoutNavigation.go(answer.url);
    } catch (e) {
      setFailure(describeApiError(e));
    }
  };
  return (
    <>
      {status && (
        <Alert
          type={status === 'success' ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span data-testid="payment-result">{status === 'success' ? 'Payment received' : 'Payment cancelled'}</span>
          }
        />
      )}
      <BalanceSummary query={{}} />
      <Space align="start" wrap size="large">
        <Card title="Pay by card" style={{ maxWidth: 480 }}>
          <Form layout="vertical" onFinish={pay} requiredMark="optional">
            <Form.Item name="amount" label="Amount (USD)" rules={card.rules} extra={card.help}>
              <Input inputMode="decimal" placeholder="50.00" autoComplete="off" />
            </Form.Item>
            {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" loading={state.isLoading}>
              Continue to checkout
            </Button>
          </Form>
        </Card>
        <PaypalButton go={(url) => checkoutNavigation.go(url)} />
      </Space>
    </>
  );
}

/** payment-success / payment-cancel: where the checkout returns; the balance shows whether money arrived. */
export function PaymentResult({ ok, gatewayPath }: { ok: boolean; gatewayPath: string }) {
  return (
    <>
      <Result
        status={ok ? 'success' : 'info'}
        title={<span data-testid="payment-result">{ok ? 'Payment received' : 'Payment cancelled'}</span>}
        subTitle={
          ok
            ? 'Thank you. The amount has been added to your balance.'
            : 'Nothing was charged. You can start a new payment at any time.'
        }
        extra={<Link to={gatewayPath}>{ok ? 'Make another payment' : 'Back to the payment gateway'}</Link>}
      />
      <BalanceSummary query={{}} />
    </>
  );
}
