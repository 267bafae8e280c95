import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Form,
  Input,
  lookupSelectProps,
  PlaceholderFields,
  placeholderState,
  Select,
  Space,
  Tag,
} from '@smsc/shared-ui';
import { describeApiError, lookupOf, showToast, useCompanyOptions } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { BULK_TEXT_MAX, type BulkCreateBody } from '@smsc/shared-contract';
import { fieldKey, formatPhone } from '@smsc/shared-util';
import { newRequestKey, useBulkSendersQuery, useCreateBulkMutation } from './bulk.api';
import { ConfirmSend, confirmReason, EstimatePanel, useBulkEstimate } from './bulk-estimate';
import { CsvPreview, PREVIEW_ROWS, previewCsv, readFileText } from './bulk-csv';
import { BulkLive } from './bulk-report';

/** The live part count (resource-sms's countSegments: one resource does not import another, so the area passes it in). */
export type CountParts = (text: string) => {
  segments: number;
  encoding: string;
  characters: number;
  characters_left: number;
};

export interface BulkSendFormProps {
  countParts: CountParts;
  /** auto-substitute: a CSV with columns is required, and the first messages are previewed */
  substituteMode?: boolean;
  /** the system admin sends for a company it picks first */
  pickCompany?: boolean;
  /** where the bulk list with reports is, relative to this page (the sent job links to its report there) */
  reportPath?: string;
}

/** Send one text to many numbers: pasted or a CSV file, now or at send_at; shows the job's live progress after. */
export function BulkSendForm({
  countParts,
  substituteMode = false,
  pickCompany = false,
  reportPath,
}: BulkSendFormProps) {
  const dispatch = useAppDispatch();
  const [company, setCompany] = useState<string | undefined>();
  const [ani, setAni] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [numbers, setNumbers] = useState('');
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [sendAt, setSendAt] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [bulkId, setBulkId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  // one Idempotency-Key per filled form (a new one after a send), and no second request while one is on its way
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const inFlight = useRef(false);
  const ready = !pickCompany || !!company;
  const companies = useCompanyOptions({ skip: !pickCompany, active: true });
  const senders = useBulkSendersQuery({ company_uuid: company }, { skip: !ready });
  const [create, creating] = useCreateBulkMutation();
  const live = useMemo(() => countParts(text), [countParts, text]);
  const preview = useMemo(() => (csv ? previewCsv(csv.text, text, PREVIEW_ROWS, values) : null), [csv, text, values]);
  const pastedList = numbers.split(/[\s,;]+/).filter(Boolean);
  const pasted = pastedList.length;
  // pasted numbers fill only {number}; a file's columns fill theirs per row; the rest are typed once for all
  const fill = placeholderState(
    text,
    csv ? {} : { number: pastedList[0] },
    values,
    csv ? [...(preview?.columns ?? []).map(fieldKey), 'number'] : [],
  );
  const hasNumbers = csv ? !preview?.problem : !substituteMode && pasted > 0;
  const canSend = ready && !!ani && !!text.trim() && text.length <= BULK_TEXT_MAX && hasNumbers && !fill.missing.length;
  const typedKey = JSON.stringify(fill.typed);
  const draft = useMemo(() => {
    if (!ani) return null;
    const body: BulkCreateBody = { ani, text };
    if (csv) body.csv = csv.text;
    // one entry per number: the contract caps an entry at 40 characters, so a pasted list sent whole was refused
    else body.numbers = numbers.split(/[\s,;]+/).filter(Boolean);
    if (pickCompany && company) body.company_uuid = company;
    const typed = JSON.parse(typedKey) as Record<string, string>;
    if (Object.keys(typed).length) body.values = typed;
    return body;
  }, [ani, text, csv, numbers, pickCompany, company, typedKey]);
  const { estimated, estimating, loading: estimateLoading } = useBulkEstimate(draft, canSend);
  useEffect(() => setConfirming(null), [draft]);

  const reset = () => {
    setText('');
    setNumbers('');
    setCsv(null);
    setSendAt('');
    setValues({});
    setConfirming(null);
    // a file input keeps its file until it is drawn anew
    setFileKey((k) => k + 1);
  };
  const submit = async () => {
    if (!draft || inFlight.current) return;
    const why = confirmReason(estimated);
    if (why && !confirming) {
      setConfirming(why);
      return;
    }
    const body: BulkCreateBody = { ...draft };
    if (sendAt) body.send_at = new Date(sendAt).toISOString();
    inFlight.current = true;
    try {
      const r = await create({ body, key: requestKey }).unwrap();
      setBulkId(r.bulk_uuid);
      // a second click must not send the list again
      reset();
      setRequestKey(newRequestKey());
      dispatch(
        showToast(
          'success',
          `Bulk accepted: ${r.total} numbers${r.duplicates ? ` (${r.duplicates} repeats dropped)` : ''}, ${r.status}`,
        ),
      );
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    } finally {
      inFlight.current = false;
    }
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 820 }}>
      <Form
        layout="vertical"
        name={substituteMode ? 'auto-substitute' : 'bulk-send'}
        onFinish={submit}
        aria-label={substituteMode ? 'Auto-substitute bulk' : 'Bulk send'}
      >
        {pickCompany && (
          <Form.Item label="Company" htmlFor="bulk-company" required>
            <Select
              id="bulk-company"
              showSearch
              optionFilterProp="label"
              value={company}
              placeholder="Choose the company to send for"
              {...lookupSelectProps({ ...companies, loading: companies.fetching })}
              onChange={(v: string) => {
                setCompany(v);
                setAni(undefined);
              }}
            />
          </Form.Item>
        )}
        <Form.Item
          label="From"
          htmlFor="bulk-ani"
          required
          help={ready && senders.data?.items.length === 0 ? 'No sending numbers: buy or assign a DID first' : undefined}
        >
          <Select
            id="bulk-ani"
            showSearch
            value={ani}
            onChange={setAni}
            disabled={!ready}
            placeholder="Sender number"
            {...lookupSelectProps({
              ...lookupOf(senders, (s) =>
                s.items.map((d) => ({
                  label: d.description ? `${formatPhone(d.did)} · ${d.description}` : formatPhone(d.did),
                  value: d.did,
                })),
              ),
              loading: senders.isFetching,
            })}
          />
        </Form.Item>
        <Form.Item
          label="Text"
          htmlFor="bulk-text"
          required
          help={substituteMode || csv ? "Put {column} where a CSV column's value goes, e.g. Hi {name}" : undefined}
        >
          <Input.TextArea id="bulk-text" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        </Form.Item>
        <Space wrap size="middle" aria-live="polite" style={{ marginBottom: 16 }}>
          <span data-testid="bulk-segments">
            {live.segments} {live.segments === 1 ? 'part' : 'parts'}
          </span>
          <Tag>{live.encoding}</Tag>
          <span>
            {live.characters} characters, {live.characters_left} left in this part
          </span>
        </Space>
        {!substituteMode && (
          <Form.Item
            label="Numbers"
            htmlFor="bulk-numbers"
            help={
              csv
                ? 'The CSV file is used; remove it to paste numbers'
                : `${pasted} numbers, one per line or separated by commas`
            }
          >
            <Input.TextArea
              id="bulk-numbers"
              rows={5}
              value={numbers}
              disabled={!!csv}
              placeholder={'+1 415 555 0100\n+1 415 555 0101'}
              onChange={(e) => setNumbers(e.target.value)}
            />
          </Form.Item>
        )}
        <Form.Item
          label="CSV file"
          htmlFor="bulk-csv"
          required={substituteMode}
          help="A header row with a number column; other columns fill {placeholders}"
        >
          <Space>
            <input
              key={fileKey}
              id="bulk-csv"
              type="file"
              accept=".csv,text/csv"
              onChange={async (e) => setCsv(await readFileText(e))}
            />
            {csv && (
              <Button size="small" onClick={() => setCsv(null)}>
                Remove {csv.name}
              </Button>
            )}
          </Space>
        </Form.Item>
        <PlaceholderFields
          idPrefix="bulk"
          state={fill}
          values={values}
          onChange={setValues}
          sourceNote={
            csv
              ? "Each row's columns fill their placeholders; the values above are the same for every row."
              : '{number} is each number; the values above are the same for every number.'
          }
        />
        {preview?.problem && <Alert type="error" showIcon title={preview.problem} style={{ marginBottom: 16 }} />}
        {preview && !preview.problem && (substituteMode || preview.columns.length > 1) && (
          <CsvPreview preview={preview} />
        )}
        <Form.Item label="Send at" htmlFor="bulk-send-at" help="Empty: now">
          <Input
            id="bulk-send-at"
            type="datetime-local"
            value={sendAt}
            onChange={(e) => setSendAt(e.target.value)}
            style={{ maxWidth: 260 }}
          />
        </Form.Item>
        {text.length > BULK_TEXT_MAX && (
          <Alert
            type="error"
            showIcon
            title={`The text is longer than ${BULK_TEXT_MAX} characters`}
            style={{ marginBottom: 16 }}
          />
        )}
        {canSend && <EstimatePanel estimate={estimated} loading={estimateLoading} />}
        {confirming && (
          <ConfirmSend reason={confirming} sending={creating.isLoading} onCancel={() => setConfirming(null)} />
        )}
        {!confirming && (
          <Button type="primary" htmlType="submit" loading={creating.isLoading} disabled={!canSend || estimating}>
            Send bulk
          </Button>
        )}
      </Form>
      {bulkId && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <BulkLive id={bulkId} />
          {reportPath && (
            <Link to={`${reportPath}?bulk=${bulkId}`} data-testid="bulk-progress-link">
              Follow this bulk in its report
            </Link>
          )}
        </Space>
      )}
    </Space>
  );
}
