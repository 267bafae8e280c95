import { useState } from 'react';
import { Button, Modal, PlaceholderFields, placeholderState, Space, Upload } from '@smsc/shared-ui';
import { fieldKey, parseCsvRecords } from '@smsc/shared-util';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { SmsWorkflow } from '@smsc/shared-contract';
import { useWorkflowSendBulkMutation, useWorkflowSendFileMutation, useWorkflowSendSmsMutation } from './workflow.api';

/** What a send resolves with: never a rejection (docs/spec.md §7: workflow sending resolves with the error object). */
export type SendOutcome = { sent: number } | { error: unknown };
type Trigger<A> = (arg: A) => PromiseLike<{ data?: unknown; error?: unknown }>;

/**
 * Sends a workflow: POST /bulk with every number when bulk is checked, else POST /sms per number
 * (stopping at the first failure). An RTK Query trigger already resolves with `{ error }`; a thrown
 * error (network, a bug) is caught and answered the same way.
 */
export async function sendWorkflow(
  w: Pick<SmsWorkflow, 'ani' | 'text' | 'numbers' | 'is_bulk'>,
  send: {
    sms: Trigger<{ ani: string; dnis: string; text: string; values?: Record<string, string> }>;
    bulk: Trigger<{ ani: string; text: string; numbers: string[]; values?: Record<string, string> }>;
  },
  values?: Record<string, string>,
): Promise<SendOutcome> {
  const extra = values && Object.keys(values).length ? { values } : {};
  try {
    if (w.is_bulk) {
      const r = await send.bulk({ ani: w.ani, text: w.text, numbers: w.numbers, ...extra });
      return r.error !== undefined ? { error: r.error } : { sent: w.numbers.length };
    }
    let sent = 0;
    for (const dnis of w.numbers) {
      const r = await send.sms({ ani: w.ani, dnis, text: w.text, ...extra });
      if (r.error !== undefined) return { error: r.error };
      sent++;
    }
    return { sent };
  } catch (error) {
    return { error };
  }
}

/** The header of a CSV file (its columns fill the placeholders of the same name, row by row). */
async function csvColumns(file: Blob): Promise<string[]> {
  try {
    const part = file.slice(0, 64 * 1024);
    const head =
      typeof part.text === 'function'
        ? await part.text()
        : await new Promise<string>((resolve, reject) => {
            const r = new FileReader();
            r.onload = () => resolve(String(r.result ?? ''));
            r.onerror = () => reject(r.error);
            r.readAsText(part);
          });
    return (parseCsvRecords(head.split(/\r?\n/)[0] ?? '')[0]?.fields ?? []).map((c) => fieldKey(c));
  } catch {
    return [];
  }
}

type Pending = { kind: 'now' } | { kind: 'file'; file: File; columns: string[] };

/**
 * Send now / Send a file for one workflow row, each ending in a toast. A text with placeholders that
 * the numbers (or the file's columns) do not fill opens a dialog asking their values, with a preview;
 * Send stays off until every one has a value.
 */
export function WorkflowSendActions({ row }: { row: SmsWorkflow }) {
  const dispatch = useAppDispatch();
  const [sms, smsState] = useWorkflowSendSmsMutation();
  const [bulk, bulkState] = useWorkflowSendBulkMutation();
  const [file, fileState] = useWorkflowSendFileMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const busy = smsState.isLoading || bulkState.isLoading || fileState.isLoading;
  const report = (outcome: SendOutcome) => {
    if ('error' in outcome) dispatch(showToast('error', describeApiError(outcome.error)));
    else
      dispatch(
        showToast('success', `Workflow "${row.name}" sent to ${outcome.sent} number${outcome.sent === 1 ? '' : 's'}`),
      );
  };
  const columns = pending?.kind === 'file' ? pending.columns : [];
  const state = placeholderState(
    row.text,
    pending?.kind === 'file' ? {} : { number: row.numbers[0] },
    values,
    pending?.kind === 'file' ? columns : [],
  );
  const sendNow = async (typed: Record<string, string>) => report(await sendWorkflow(row, { sms, bulk }, typed));
  const sendFile = async (f: File, typed: Record<string, string>) => {
    const r = await file({ ani: row.ani, text: row.text, file: f, filename: f.name, values: typed });
    if (r.error !== undefined) report({ error: r.error });
    else dispatch(showToast('success', `Workflow "${row.name}": ${f.name} was sent`));
  };
  const confirm = async () => {
    const p = pending;
    if (!p || state.missing.length) return;
    setPending(null);
    if (p.kind === 'now') await sendNow(state.typed);
    else await sendFile(p.file, state.typed);
  };
  return (
    <Space size="small">
      <Button
        type="link"
        size="small"
        disabled={busy}
        aria-label={`Send workflow ${row.name}`}
        onClick={async () => {
          const asks = placeholderState(row.text, { number: row.numbers[0] }, {}).asked;
          if (asks.length) {
            setValues({});
            setPending({ kind: 'now' });
          } else await sendNow({});
        }}
      >
        Send now
      </Button>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(f) => {
          void (async () => {
            // each row's own number fills {number}, whatever its column is called
            const cols = [...new Set([...(await csvColumns(f)), 'number'])];
            if (placeholderState(row.text, {}, {}, cols).asked.length) {
              setValues({});
              setPending({ kind: 'file', file: f, columns: cols });
            } else await sendFile(f, {});
          })();
          return false;
        }}
      >
        <Button type="link" size="small" disabled={busy} aria-label={`Send a file with workflow ${row.name}`}>
          Send a file
        </Button>
      </Upload>
      <Modal
        open={!!pending}
        title={`Send workflow "${row.name}"`}
        okText="Send"
        okButtonProps={{ disabled: state.missing.length > 0 }}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
        destroyOnHidden
      >
        <PlaceholderFields
          idPrefix="workflow"
          state={state}
          values={values}
          onChange={setValues}
          sourceNote={
            pending?.kind === 'file'
              ? `Each row of ${pending.file.name} fills ${columns.map((c) => `{${c}}`).join(', ') || 'nothing'}; the values above are the same for every row.`
              : `Sent to ${row.numbers.length} number${row.numbers.length === 1 ? '' : 's'}; {number} is each one's own. The preview is the first.`
          }
        />
      </Modal>
    </Space>
  );
}
