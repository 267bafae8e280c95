import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { showToast } from '@smsc/shared-api';
import { CALL_FLOW_ACTIONS, type CallFlowAction, type CallWorkflowBody } from '@smsc/shared-contract';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Typography } from '@smsc/shared-ui';
import { useListDidsQuery } from './did.api';
import { useGetCallWorkflowQuery, useSaveCallWorkflowMutation } from './did-extras.api';
import { formatDid } from './did.resource';

const LABELS: Record<CallFlowAction, string> = {
  forward: 'Forward to a number',
  voicemail: 'Voicemail to e-mail',
  hangup: 'Hang up with a message',
};
interface Values {
  action: CallFlowAction;
  forward_to?: string;
  email?: string;
  message?: string;
  ring_seconds?: number;
}

/** Picks one number of the caller's inventory, searching as you type (voice-capable numbers only). */
function NumberPicker({ value, onChange }: { value: string | null; onChange(v: string): void }) {
  const [search, setSearch] = useState('');
  const arg = useMemo(
    () => ({ page: 0, per_page: 20, order_by: 'did', order_dir: 'asc' as const, ...(search ? { did: search } : {}) }),
    [search],
  );
  const list = useListDidsQuery(arg);
  const voice = (list.data?.items ?? []).filter((d) => d.type !== 'sms');
  // only the first page is offered: say so, so a number that is not listed is not taken for missing
  const more = (list.data?.total ?? 0) - (list.data?.items.length ?? 0);
  const options = voice.map((d) => ({
    value: d.did,
    label: `${formatDid(d.did)}${d.company_name ? ` · ${d.company_name}` : ''}`,
    disabled: false,
  }));
  if (more > 0) options.push({ value: '', label: `${more} more match: type more digits`, disabled: true });
  return (
    <Select<string>
      id="call-flow-number"
      aria-label="Number"
      style={{ width: 320 }}
      showSearch={{ filterOption: false, onSearch: (s) => setSearch(s.replace(/[^0-9]/g, '')) }}
      loading={list.isFetching}
      value={value ?? undefined}
      placeholder="Type digits of the number"
      onChange={onChange}
      notFoundContent={list.isFetching ? 'Searching…' : 'No voice number matches'}
      options={options}
    />
  );
}

/** dids/new-call-flow: what a call to a number does. ?did= opens one number's flow. */
export function NewCallFlow() {
  const [params, setParams] = useSearchParams();
  const did = params.get('did');
  const dispatch = useDispatch();
  const [form] = Form.useForm<Values>();
  const current = useGetCallWorkflowQuery(did ?? '', { skip: !did });
  const [save, saving] = useSaveCallWorkflowMutation();
  const action = Form.useWatch('action', form) ?? 'forward';
  useEffect(() => {
    const f = current.data;
    form.setFieldsValue(
      f
        ? {
            action: f.action,
            forward_to: f.forward_to ?? undefined,
            email: f.email ?? undefined,
            message: f.message ?? undefined,
            ring_seconds: f.ring_seconds,
          }
        : { action: 'forward', forward_to: undefined, email: undefined, message: undefined, ring_seconds: 25 },
    );
  }, [current.data, form]);
  const submit = async (v: Values) => {
    if (!did) return;
    const body: CallWorkflowBody = { did, action: v.action, message: v.message?.trim() || null };
    if (v.action !== 'hangup' && v.ring_seconds) body.ring_seconds = v.ring_seconds;
    if (v.action === 'forward') body.forward_to = v.forward_to?.trim();
    if (v.action === 'voicemail') body.email = v.email?.trim();
    try {
      await save(body).unwrap();
      dispatch(showToast('success', `Call flow of ${formatDid(did)} saved`));
    } catch {
      // the API's message is already a toast (the shared error display); the form keeps what was typed
    }
  };
  return (
    <Card title="Call flow">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <label htmlFor="call-flow-number">Number</label>
          <NumberPicker value={did} onChange={(v) => setParams({ did: v }, { replace: true })} />
        </Space>
        {!did && <Typography.Text type="secondary">Choose a number to set what its calls do.</Typography.Text>}
        {did && current.isError && <Alert type="error" showIcon title="The number's call flow could not be read" />}
        {did && !current.isFetching && (
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={(v) => void submit(v)}
            style={{ maxWidth: 520 }}
            disabled={saving.isLoading}
          >
            {current.data === null && (
              <Typography.Paragraph type="secondary">This number has no call flow yet.</Typography.Paragraph>
            )}
            <Form.Item name="action" label="When a call comes in" rules={[{ required: true }]}>
              <Radio.Group options={CALL_FLOW_ACTIONS.map((a) => ({ value: a, label: LABELS[a] }))} />
            </Form.Item>
            {action === 'forward' && (
              <Form.Item
                name="forward_to"
                label="Forward to"
                rules={[
                  { required: true, message: 'The number to forward to' },
                  { pattern: /^[+0-9 ().-]{7,24}$/, message: 'A phone number like (212) 555-0100' },
                ]}
              >
                <Input placeholder="(212) 555-0100" autoComplete="off" />
              </Form.Item>
            )}
            {action === 'voicemail' && (
              <Form.Item
                name="email"
                label="Send recordings to"
                rules={[
                  { required: true, message: 'The e-mail address' },
                  { type: 'email', message: 'An e-mail address' },
                ]}
              >
                <Input placeholder="desk@example.com" />
              </Form.Item>
            )}
            <Form.Item
              name="message"
              label={action === 'hangup' ? 'Message the caller hears' : 'Greeting (optional)'}
              dependencies={['action']}
              // read at validation time: a rule built from the watched action can lag one render behind a click
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, v?: string) =>
                    getFieldValue('action') === 'hangup' && !v?.trim()
                      ? Promise.reject(new Error('The message'))
                      : Promise.resolve(),
                }),
                { max: 500 },
              ]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            {action !== 'hangup' && (
              <Form.Item name="ring_seconds" label="Ring for (seconds)" rules={[{ type: 'number', min: 5, max: 120 }]}>
                <InputNumber min={5} max={120} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={saving.isLoading}>
              Save call flow
            </Button>
          </Form>
        )}
      </Space>
    </Card>
  );
}
