import { useState } from 'react';
import { describeApiError, readApiProblem, showToast, useCompanyOptions } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { PrivacyRequest } from '@smsc/shared-contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  downloadBlob,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Typography,
  type FormInstance,
} from '@smsc/shared-ui';
import { useEraseNumberMutation, useExportNumberMutation } from './privacy.api';
import { countsInWords } from './privacy.resource';

interface Values {
  number: string;
  company_uuid?: string;
  reason: string;
}

const digits = (s: string) => s.replace(/\D/g, '').replace(/^00/, '');
const FIELDS = ['number', 'company_uuid', 'reason'] as const;

/** A problem's field errors on their fields; what is left, as one line for a toast. */
function showProblem(form: FormInstance<Values>, e: unknown): string | null {
  const { fields } = readApiProblem(e);
  const known = FIELDS.filter((f) => fields[f]);
  if (known.length) form.setFields(known.map((f) => ({ name: f, errors: [fields[f]] })));
  return known.length ? null : describeApiError(e);
}

/**
 * One person's number: export what is held about it (a JSON file), or erase it after a confirmation that asks for
 * the number again. `pickCompany`: the role may limit the request to one of its companies (else all it reaches).
 */
export function PrivacyPanel({ pickCompany }: { pickCompany: boolean }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  const companies = useCompanyOptions({ skip: !pickCompany });
  const [exportNumber, exporting] = useExportNumberMutation();
  const [eraseNumber, erasing] = useEraseNumberMutation();
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [typedAgain, setTypedAgain] = useState('');
  const [blockFuture, setBlockFuture] = useState(true);
  const [done, setDone] = useState<PrivacyRequest | null>(null);

  const body = (v: Values) => ({
    number: v.number.trim(),
    reason: v.reason.trim(),
    ...(pickCompany && v.company_uuid ? { company_uuid: v.company_uuid } : {}),
  });

  const runExport = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const doc = await exportNumber(body(v)).unwrap();
      downloadBlob(
        `privacy-export-${doc.request.privacy_request_uuid}.json`,
        new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }),
      );
      setDone(doc.request);
      dispatch(showToast('success', `Exported: ${countsInWords(doc.request.counts)}`));
    } catch (e) {
      const left = showProblem(form, e);
      if (left) dispatch(showToast('error', left));
    }
  };

  const askErase = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setTypedAgain('');
    setBlockFuture(true);
    setConfirming(v);
  };

  const runErase = async () => {
    if (!confirming) return;
    try {
      const rec = await eraseNumber({ ...body(confirming), block_future: blockFuture }).unwrap();
      setConfirming(null);
      setDone(rec);
      dispatch(showToast('success', `Erased: ${countsInWords(rec.counts)}`));
    } catch (e) {
      setConfirming(null);
      const left = showProblem(form, e);
      if (left) dispatch(showToast('error', left));
    }
  };

  const matches = !!confirming && digits(typedAgain) !== '' && digits(typedAgain) === digits(confirming.number);
  return (
    <Card title="A person’s request about their number" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Export everything held about one phone number (messages, opt-outs, contacts, lists, webhook bodies, audit
        entries, files), or erase it. Both are recorded below without the number.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={() => void runExport()}>
        <Form.Item
          name="number"
          label="Phone number"
          extra="In international form, such as +34 600 12 34 56"
          rules={[{ required: true, whitespace: true, message: 'Enter the phone number' }]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        {pickCompany && (
          <Form.Item name="company_uuid" label="Company" extra="Leave empty for every company you manage">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={companies.loading}
              options={companies.options}
              placeholder="All companies"
            />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="Reason"
          extra="Who asked, how, and any reference: kept on the record"
          rules={[{ required: true, whitespace: true, message: 'Say who asked and how' }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={exporting.isLoading}>
            Export as JSON
          </Button>
          <Button danger onClick={() => void askErase()} loading={erasing.isLoading}>
            Erase…
          </Button>
        </Space>
      </Form>
      {done && (
        <Alert
          style={{ marginTop: 16, maxWidth: 560 }}
          type={done.kind === 'erase' ? 'warning' : 'success'}
          showIcon
          data-testid="privacy-result"
          title={`${done.kind === 'erase' ? 'Erased' : 'Exported'} for ${done.number_hint}: ${countsInWords(done.counts)}`}
        />
      )}
      <Modal
        title="Erase this number?"
        open={!!confirming}
        okText="Erase"
        okButtonProps={{ danger: true, disabled: !matches }}
        confirmLoading={erasing.isLoading}
        onOk={() => void runErase()}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Message bodies are blanked and the number replaced by a token; contacts and opt-outs are removed. This cannot
          be undone. A number that had opted out stays blocked.
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={() => matches && void runErase()}>
          <Form.Item label="Type the number again" htmlFor="privacy-confirm">
            <Input
              id="privacy-confirm"
              autoComplete="off"
              value={typedAgain}
              onChange={(e) => setTypedAgain(e.target.value)}
              autoFocus
            />
          </Form.Item>
          <Checkbox checked={blockFuture} onChange={(e) => setBlockFuture(e.target.checked)}>
            Send nothing to this number again
          </Checkbox>
        </Form>
      </Modal>
    </Card>
  );
}
