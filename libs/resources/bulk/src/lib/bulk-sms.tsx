import { useRef, useState } from 'react';
import { Button, Card, Form, Input, lookupSelectProps, Select, Space } from '@smsc/shared-ui';
import { describeApiError, showToast, useCompanyOptions } from '@smsc/shared-api';
import { formatPhone } from '@smsc/shared-util';
import { useAppDispatch } from '@smsc/shared-session';
import { newRequestKey, useBulkSendersQuery, useCreateDelayedBulkMutation } from './bulk.api';
import { BulkReportPage } from './bulk-report';

/** Spec §7 bulk-sms: the delayed bulk as a file upload (it waits on hold until run, or until its time), and the list of them. */
export function BulkSmsPage({ pickCompany = false }: { pickCompany?: boolean }) {
  const dispatch = useAppDispatch();
  const [company, setCompany] = useState<string | undefined>();
  const [ani, setAni] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sendAt, setSendAt] = useState('');
  const [formKey, setFormKey] = useState(0);
  // one Idempotency-Key per filled form: a double click or a retried upload creates one bulk
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const inFlight = useRef(false);
  const ready = !pickCompany || !!company;
  const companies = useCompanyOptions({ skip: !pickCompany, active: true });
  const senders = useBulkSendersQuery({ company_uuid: company }, { skip: !ready });
  const [upload, uploading] = useCreateDelayedBulkMutation();
  const submit = async () => {
    if (!ani || !file || inFlight.current) return;
    inFlight.current = true;
    try {
      const r = await upload({
        key: requestKey,
        ani,
        text,
        file,
        send_at: sendAt ? new Date(sendAt).toISOString() : undefined,
        company_uuid: pickCompany ? company : undefined,
      }).unwrap();
      dispatch(
        showToast(
          'success',
          `${file.name}: ${r.total} numbers uploaded, ${r.status === 'held' ? 'waiting for Run' : `scheduled`}`,
        ),
      );
      setFile(null);
      setFormKey((k) => k + 1);
      setRequestKey(newRequestKey());
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    } finally {
      inFlight.current = false;
    }
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title="Upload a delayed bulk" style={{ maxWidth: 820 }}>
        <Form key={formKey} layout="vertical" name="bulk-sms" onFinish={submit} aria-label="Upload a delayed bulk">
          {pickCompany && (
            <Form.Item label="Company" htmlFor="bulk-sms-company" required>
              <Select
                id="bulk-sms-company"
                showSearch
                optionFilterProp="label"
                value={company}
                placeholder="Choose the company"
                {...lookupSelectProps(companies)}
                onChange={(v: string) => {
                  setCompany(v);
                  setAni(undefined);
                }}
              />
            </Form.Item>
          )}
          <Form.Item label="From" htmlFor="bulk-sms-ani" required>
            <Select
              id="bulk-sms-ani"
              value={ani}
              onChange={setAni}
              disabled={!ready}
              placeholder="Sender number"
              options={(senders.data?.items ?? []).map((d) => ({ label: formatPhone(d.did), value: d.did }))}
            />
          </Form.Item>
          <Form.Item
            label="Text"
            htmlFor="bulk-sms-text"
            required
            help="{column} takes each row's value of that CSV column"
          >
            <Input.TextArea id="bulk-sms-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          </Form.Item>
          <Form.Item label="CSV file" htmlFor="bulk-sms-file" required>
            <input
              id="bulk-sms-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Form.Item>
          <Form.Item label="Send at" htmlFor="bulk-sms-send-at" help="Empty: it waits until you press Run">
            <Input
              id="bulk-sms-send-at"
              type="datetime-local"
              value={sendAt}
              onChange={(e) => setSendAt(e.target.value)}
              style={{ maxWidth: 260 }}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={uploading.isLoading}
            disabled={!ready || !ani || !text.trim() || !file}
          >
            Upload
          </Button>
        </Form>
      </Card>
      <BulkReportPage kind="bulk_sms" showCompany={pickCompany} />
    </Space>
  );
}
