import { Alert, Button, Card, Space, Typography, useSettled } from '@smsc/shared-ui';
import type { BulkCreateBody, BulkEstimate } from '@smsc/shared-contract';
import { formatMoney } from '@smsc/shared-util';
import { useEstimateBulkQuery } from './bulk.api';

/** a bulk this large asks "are you sure" even when the balance covers it */
export const CONFIRM_ABOVE_NUMBERS = 1000;
/** the estimate waits for typing to pause */
const ESTIMATE_DELAY_MS = 600;

/** Why the click should be confirmed first, or null. */
export function confirmReason(e: BulkEstimate | undefined): string | null {
  if (!e) return null;
  if (!e.covered)
    return `This bulk costs ${formatMoney(e.cost, e.currency)} and ${formatMoney(e.available, e.currency)} is available: it sends what the balance covers, then holds until a top-up.`;
  if (e.total > CONFIRM_ABOVE_NUMBERS)
    return `This bulk goes to ${e.total.toLocaleString('en-US')} numbers and costs ${formatMoney(e.cost, e.currency)}.`;
  return null;
}

/** Parts, cost and balance of the bulk as filled in, before the click. */
export function EstimatePanel({ estimate, loading }: { estimate?: BulkEstimate; loading: boolean }) {
  if (!estimate) return loading ? <Typography.Text type="secondary">Estimating the cost…</Typography.Text> : null;
  const e = estimate;
  return (
    <Card size="small" title="Before sending" style={{ marginBottom: 16 }} data-testid="bulk-estimate">
      <Space wrap size="large">
        <span>
          <b data-testid="estimate-messages">{e.messages.toLocaleString('en-US')}</b> messages
        </span>
        <span>
          <b data-testid="estimate-parts">{e.parts.toLocaleString('en-US')}</b> parts
        </span>
        <span>
          Cost <b data-testid="estimate-cost">{formatMoney(e.cost, e.currency)}</b>
        </span>
        <span>
          Available <b data-testid="estimate-available">{formatMoney(e.available, e.currency)}</b>
        </span>
      </Space>
      {e.refused.map((r) => (
        <div key={r.reason}>
          <Typography.Text type="warning">
            {r.count} not sent ({r.reason.replace(/_/g, ' ')}): {r.message}
          </Typography.Text>
        </div>
      ))}
      {!e.covered && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title="The balance does not cover this bulk"
          description="It sends what the balance covers, then holds (held: balance) and goes on by itself after a top-up."
        />
      )}
    </Card>
  );
}

/** The estimate of the draft once typing has paused, and whether the click must still wait for it. */
export function useBulkEstimate(draft: BulkCreateBody | null, canSend: boolean) {
  const settled = useSettled(canSend ? draft : null, ESTIMATE_DELAY_MS);
  const estimate = useEstimateBulkQuery(settled ?? { ani: '', text: '' }, { skip: !settled || !canSend });
  const estimated = settled === draft ? estimate.data : undefined;
  // the click waits for the estimate it may have to confirm (an estimate that failed does not block sending)
  const estimating = canSend && !estimated && !(settled === draft && estimate.isError);
  return { estimated, estimating, loading: estimate.isFetching || settled !== draft };
}

/** The reason to confirm, with "Send anyway" (a submit of the form) and "Cancel". */
export function ConfirmSend({ reason, sending, onCancel }: { reason: string; sending: boolean; onCancel: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={reason}
      data-testid="bulk-confirm"
      action={
        <Space>
          <Button size="small" type="primary" htmlType="submit" loading={sending}>
            Send anyway
          </Button>
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        </Space>
      }
    />
  );
}
