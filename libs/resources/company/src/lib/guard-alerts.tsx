import { Link } from 'react-router';
import { Space, Typography } from '@smsc/shared-ui/frame';
import { useGetGuardAlertsQuery } from './guards.api';

/** how often the header looks again (a crossing happens as messages go out) */
const POLL_MS = 60_000;

/**
 * The header's guard banner for a company role: the balance under its low-balance alert, traffic held as
 * suspected pumping and a failed auto-recharge, each linking to the Guards screen. Nothing when all is well.
 * Drawn with the frame's components only (coloured text, not antd's Tag from the compose entry): it sits in the
 * company admin's header, so whatever it imports is fetched with the landing.
 */
export function GuardAlertsBanner({ guardsPath }: { guardsPath: string }) {
  const { data } = useGetGuardAlertsQuery(undefined, { pollingInterval: POLL_MS });
  if (!data || (!data.low_balance && !data.pumping_holds.length && !data.auto_recharge)) return null;
  return (
    <Space size={4} data-testid="guard-alerts">
      {data.low_balance && (
        <Link to={guardsPath}>
          <Typography.Text
            type="warning"
            strong
          >{`Low balance: ${data.low_balance.balance} ${data.low_balance.currency}`}</Typography.Text>
        </Link>
      )}
      {data.auto_recharge && (
        <Link to={guardsPath}>
          <Typography.Text type="danger" strong>
            {data.auto_recharge.disabled ? 'Auto-recharge turned off: charges failed' : 'Auto-recharge failed'}
          </Typography.Text>
        </Link>
      )}
      {data.pumping_holds.length > 0 && (
        <Link to={guardsPath}>
          <Typography.Text
            type="danger"
            strong
          >{`Traffic held: ${data.pumping_holds.map((h) => `${h.prefix}…`).join(', ')}`}</Typography.Text>
        </Link>
      )}
    </Space>
  );
}
