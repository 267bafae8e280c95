import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Space, Typography } from '@smsc/shared-ui/frame';
import { formatMoney } from '@smsc/shared-util';
import { useGetBalanceQuery } from './billing.api';

/**
 * While money is held for messages in flight the balance changes as receipts settle them; one small
 * read every few seconds then, none when nothing is in flight or the tab is hidden. Sends, bulks and
 * payments refresh it at once through the ledger tag.
 */
export const BALANCE_POLL_MS = 5000;

/** The header's balance for roles that pay: what the account can spend now, and its credit. */
export function HeaderBalance({ historyPath }: { historyPath?: string }) {
  const [inFlight, setInFlight] = useState(false);
  const { data } = useGetBalanceQuery(
    {},
    { pollingInterval: inFlight ? BALANCE_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  useEffect(() => setInFlight(!!data && Number(data.reserved) > 0), [data]);
  if (!data) return null;
  const credit = !data.prepay && Number(data.credit_limit) > 0;
  const available = <b data-testid="header-available">{formatMoney(data.available, data.currency)}</b>;
  return (
    <Space
      size={4}
      data-testid="header-balance"
      aria-live="polite"
      title={`Balance ${formatMoney(data.balance, data.currency)}; held for messages in flight ${formatMoney(data.reserved, data.currency)}`}
    >
      <Typography.Text type="secondary">Available</Typography.Text>
      {historyPath ? <Link to={historyPath}>{available}</Link> : available}
      {credit && (
        <Typography.Text type="secondary" data-testid="header-credit">
          (credit {formatMoney(data.credit_limit, data.currency)})
        </Typography.Text>
      )}
    </Space>
  );
}

export default HeaderBalance;
