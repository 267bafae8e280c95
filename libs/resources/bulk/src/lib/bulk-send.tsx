import { useMemo, useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { BULK_TEXT_MAX, type BulkCreateBody } from '@smsc/shared-contract';
import { missingFields, parseCsvRecords, substitute } from '@smsc/shared-util';
import { useBulkCompaniesQuery, useBulkSendersQuery, useCreateBulkMutation } from './bulk.api';
import { BulkLive } from './bulk-report';

const PREVIEW_ROWS = 5;
const NUMBER_COLUMNS = ['number', 'phone', 'dnis', 'msisdn'];

/** The columns and first rows of a CSV (for the preview), or why it cannot be read. */
export function previewCsv(csv: string, text: string, rows = PREVIEW_ROWS): { columns: string[]; messages: { number: string; text: string }[]; problem: string | null } {
  try {
    const [header, ...records] = parseCsvRecords(csv.replace(/^\uFEFF/, ''));
    const columns = header?.fields.map((f) => f.trim()) ?? [];
    const at = columns.findIndex((c) => NUMBER_COLUMNS.includes(c.toLowerCase()));
    if (at < 0) return { columns, messages: [], problem: 'The CSV needs a column named number (or phone, dnis, msisdn)' };
    const missing = missingFields(text, columns);
    const messages = records.filter((r) => r.fields.some((f) => f.trim())).slice(0, rows).map((r) => ({
      number: r.fields[at] ?? '', text: substitute(text, Object.fromEntries(columns.map((c, i) => [c, r.fields[i] ?? '']))),
    }));
    return { columns, messages, problem: missing.length ? `The text uses {${missing.join('}, {')}} but the CSV has no such column` : null };
  } catch (e) {
    return { columns: [], messages: [], problem: (e as Error).message };
  }
}

/** A file input's text (a CSV is read in the browser and sent as JSON). */
export async function readFileText(e: ChangeEvent<HTMLInputElement>): Promise<{ name: string; text: string } | null> {
  const file = e.target.files?.[0];
  return file ? { name: file.name, text: await file.text() } : null;
}

/** The live part count (resource-sms's countSegments: one resource does not import another, so the area passes it in). */
export type CountParts = (text: string) => { segments: number; encoding: string; characters: number; characters_left: number };

export interface BulkSendFormProps {
  countParts: CountParts;
  /** auto-substitute: a CSV with columns is required, and the first messages are previewed */
  substituteMode?: boolean;
  /** the system admin sends for a company it picks first */
  pickCompany?: boolean;
}

/** Send one text to many numbers: pasted or a CSV file, now or at send_at; shows the job's live progress after. */
export function BulkSendForm({ countParts, substituteMode = false, pickCompany = false }: BulkSendFormProps) {
  const dispatch = useAppDispatch();
  const [company, setCompany] = useState<string | undefined>();
  const [ani, setAni] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [numbers, setNumbers] = useState('');
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [sendAt, setSendAt] = useState('');
  const [bulkId, setBulkId] = useState<string | null>(null);
  const ready = !pickCompany || !!company;
  const companies = useBulkCompaniesQuery(undefined, { skip: !pickCompany });
  const senders = useBulkSendersQuery({ company_uuid: company }, { skip: !ready });
  const [create, creating] = useCreateBulkMutation();
  const live = useMemo(() => countParts(text), [countParts, text]);
  const preview = useMemo(() => (csv ? previewCsv(csv.text, text) : null), [csv, text]);
  const pasted = numbers.split(/[\s,;]+/).filter(Boolean).length;

  const submit = async () => {
    if (!ani) return;
    const body: BulkCreateBody = { ani, text };
    if (csv) body.csv = csv.text; else body.numbers = [numbers];
    if (sendAt) body.send_at = new Date(sendAt).toISOString();
    if (pickCompany && company) body.company_uuid = company;
    try {
      const r = await create(body).unwrap();
      setBulkId(r.bulk_uuid);
      dispatch(showToast('success', `Bulk accepted: ${r.total} numbers${r.duplicates ? ` (${r.duplicates} repeats dropped)` : ''}, ${r.status}`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const hasNumbers = csv ? !preview?.problem : !substituteMode && pasted > 0;
  const canSend = ready && !!ani && !!text.trim() && text.length <= BULK_TEXT_MAX && hasNumbers;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 820 }}>
      <Form layout="vertical" name={substituteMode ? 'auto-substitute' : 'bulk-send'} onFinish={submit} aria-label={substituteMode ? 'Auto-substitute bulk' : 'Bulk send'}>
        {pickCompany && (
          <Form.Item label="Company" htmlFor="bulk-company" required>
            <Select id="bulk-company" showSearch optionFilterProp="label" value={company} loading={companies.isFetching} placeholder="Choose the company to send for"
              options={(companies.data?.items ?? []).map((c) => ({ label: c.company_name, value: c.company_uuid }))} onChange={(v: string) => { setCompany(v); setAni(undefined); }} />
          </Form.Item>
        )}
        <Form.Item label="From" htmlFor="bulk-ani" required help={ready && senders.data?.items.length === 0 ? 'No sending numbers: buy or assign a DID first' : undefined}>
          <Select id="bulk-ani" showSearch value={ani} onChange={setAni} disabled={!ready} loading={senders.isFetching} placeholder="Sender number"
            options={(senders.data?.items ?? []).map((d) => ({ label: d.description ? `${d.did} · ${d.description}` : d.did, value: d.did }))} />
        </Form.Item>
        <Form.Item label="Text" htmlFor="bulk-text" required help={substituteMode || csv ? 'Put {column} where a CSV column\'s value goes, e.g. Hi {name}' : undefined}>
          <Input.TextArea id="bulk-text" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        </Form.Item>
        <Space wrap size="middle" aria-live="polite" style={{ marginBottom: 16 }}>
          <span data-testid="bulk-segments">{live.segments} {live.segments === 1 ? 'part' : 'parts'}</span>
          <Tag>{live.encoding}</Tag>
          <span>{live.characters} characters, {live.characters_left} left in this part</span>
        </Space>
        {!substituteMode && (
          <Form.Item label="Numbers" htmlFor="bulk-numbers" help={csv ? 'The CSV file is used; remove it to paste numbers' : `${pasted} numbers, one per line or separated by commas`}>
            <Input.TextArea id="bulk-numbers" rows={5} value={numbers} disabled={!!csv} placeholder={'+1 415 555 0100\n+1 415 555 0101'} onChange={(e) => setNumbers(e.target.value)} />
          </Form.Item>
        )}
        <Form.Item label="CSV file" htmlFor="bulk-csv" required={substituteMode} help="A header row with a number column; other columns fill {placeholders}">
          <Space>
            <input id="bulk-csv" type="file" accept=".csv,text/csv" onChange={async (e) => setCsv(await readFileText(e))} />
            {csv && <Button size="small" onClick={() => setCsv(null)}>Remove {csv.name}</Button>}
          </Space>
        </Form.Item>
        {preview?.problem && <Alert type="error" showIcon title={preview.problem} style={{ marginBottom: 16 }} />}
        {preview && !preview.problem && (substituteMode || preview.columns.length > 1) && (
          <Card size="small" title={`Preview of the first ${preview.messages.length} messages`} style={{ marginBottom: 16 }}>
            <Typography.Text type="secondary">Columns: {preview.columns.join(', ')}</Typography.Text>
            <Table size="small" rowKey={(r) => `${r.number}-${r.text}`} pagination={false} dataSource={preview.messages} data-testid="substitute-preview"
              columns={[{ key: 'n', title: 'Number', width: 160, dataIndex: 'number' }, { key: 't', title: 'Message', width: 520, dataIndex: 'text' }]} />
          </Card>
        )}
        <Form.Item label="Send at" htmlFor="bulk-send-at" help="Empty: now">
          <Input id="bulk-send-at" type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} style={{ maxWidth: 260 }} />
        </Form.Item>
        {text.length > BULK_TEXT_MAX && <Alert type="error" showIcon title={`The text is longer than ${BULK_TEXT_MAX} characters`} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={creating.isLoading} disabled={!canSend}>Send bulk</Button>
      </Form>
      {bulkId && <BulkLive id={bulkId} />}
    </Space>
  );
}
