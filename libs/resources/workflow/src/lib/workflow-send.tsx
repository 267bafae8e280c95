import { Button, Space, Upload } from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { SmsWorkflow } from '@smsc/shared-contract';
import { useWorkflowSendBulkMutation, useWorkflowSendFileMutation, useWorkflowSendSmsMutation } from './workflow.api';

/** What a send resolves with: never a rejection (spec §7: workflow sending resolves with the error object). */
export type SendOutcome = { sent: number } | { error: unknown };
type Trigger<A> = (arg: A) => PromiseLike<{ data?: unknown; error?: unknown }>;

/**
 * Sends a workflow: POST /bulk with every number when bulk is checked, else POST /sms per number
 * (stopping at the first failure). An RTK Query trigger already resolves with `{ error }`; a thrown
 * error (network, a bug) is caught and answered the same way.
 */
export async function sendWorkflow(w: Pick<SmsWorkflow, 'ani' | 'text' | 'numbers' | 'is_bulk'>, send: { sms: Trigger<{ ani: string; dnis: string; text: string }>; bulk: Trigger<{ ani: string; text: string; numbers: string[] }> }): Promise<SendOutcome> {
  try {
    if (w.is_bulk) {
      const r = await send.bulk({ ani: w.ani, text: w.text, numbers: w.numbers });
      return r.error !== undefined ? { error: r.error } : { sent: w.numbers.length };
    }
    let sent = 0;
    for (const dnis of w.numbers) {
      const r = await send.sms({ ani: w.ani, dnis, text: w.text });
      if (r.error !== undefined) return { error: r.error };
      sent++;
    }
    return { sent };
  } catch (error) {
    return { error };
  }
}

/** Send now / Send a file for one workflow row, each ending in a toast. */
export function WorkflowSendActions({ row }: { row: SmsWorkflow }) {
  const dispatch = useAppDispatch();
  const [sms, smsState] = useWorkflowSendSmsMutation();
  const [bulk, bulkState] = useWorkflowSendBulkMutation();
  const [file, fileState] = useWorkflowSendFileMutation();
  const busy = smsState.isLoading || bulkState.isLoading || fileState.isLoading;
  const report = (outcome: SendOutcome) => {
    if ('error' in outcome) dispatch(showToast('error', describeApiError(outcome.error)));
    else dispatch(showToast('success', `Workflow "${row.name}" sent to ${outcome.sent} number${outcome.sent === 1 ? '' : 's'}`));
  };
  return (
    <Space size="small">
      <Button type="link" size="small" disabled={busy} aria-label={`Send workflow ${row.name}`} onClick={async () => report(await sendWorkflow(row, { sms, bulk }))}>
        Send now
      </Button>
      <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(f) => {
        void (async () => {
          const r = await file({ ani: row.ani, text: row.text, file: f, filename: f.name });
          if (r.error !== undefined) report({ error: r.error });
          else dispatch(showToast('success', `Workflow "${row.name}": ${f.name} was sent for bulk sending`));
        })();
        return false;
      }}>
        <Button type="link" size="small" disabled={busy} aria-label={`Send a file with workflow ${row.name}`}>Send a file</Button>
      </Upload>
    </Space>
  );
}
