// One filing: its state and history, its fields (editable while a draft, after a rejection or an expiry), submit,
// the numbers of an approved campaign or verification, and the system admin's review of platform-reviewed ones.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { describeApiError, readApiProblem, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { FILING_KIND_WORDS, FILING_STATUS_WORDS, type FilingWithHistory } from '@smsc/shared-contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from '@smsc/shared-ui';
import { formatDateTime, formatPhone, withZone } from '@smsc/shared-util';
import {
  useAttachNumberMutation,
  useDeleteFilingMutation,
  useDetachNumberMutation,
  useFilingNumbersQuery,
  useGetFilingQuery,
  useReviewFilingMutation,
  useSubmitFilingMutation,
  useUpdateFilingMutation,
} from './compliance.api';
import { filingStatusTag } from './compliance.resource';
import { FilingFields, showFieldErrors, toFilingBody, toFilingValues, type FilingValues } from './filing-form';

const EDITABLE = ['draft', 'rejected', 'expired'];
const errorsOf = (e: unknown) => {
  const { fields } = readApiProblem(e);
  return Object.keys(fields).length ? fields : null;
};

function Numbers({ filing }: { filing: FilingWithHistory }) {
  const dispatch = useAppDispatch();
  const numbers = useFilingNumbersQuery(filing.company_uuid, { skip: filing.status !== 'approved' });
  const [attach, attaching] = useAttachNumberMutation();
  const [detach] = useDetachNumberMutation();
  const [pick, setPick] = useState<string>();
  const tollFree = filing.kind === 'toll_free';
  const free = (numbers.data?.items ?? []).filter(
    (d) => d.is_toll_free === tollFree && !filing.numbers.some((n) => n.did_uuid === d.did_uuid),
  );
  const run = async (what: Promise<unknown>, done: string) => {
    try {
      await what;
      dispatch(showToast('success', done));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Card title="Numbers" style={{ marginTop: 16 }}>
      {filing.status !== 'approved' ? (
        <Typography.Paragraph type="secondary">Numbers attach once the filing is approved.</Typography.Paragraph>
      ) : (
        <Space style={{ marginBottom: 12 }} wrap>
          <Select
            aria-label="Number to attach"
            style={{ width: 260 }}
            loading={numbers.isFetching}
            value={pick}
            onChange={setPick}
            placeholder={free.length || numbers.isFetching ? 'Choose a number' : 'No number left to attach'}
            options={free.map((d) => ({ label: formatPhone(d.did), value: d.did_uuid }))}
          />
          <Button
            disabled={!pick}
            loading={attaching.isLoading}
            onClick={() =>
              pick &&
              void run(
                attach({ id: filing.filing_uuid, did_uuid: pick })
                  .unwrap()
                  .then(() => setPick(undefined)),
                'Number attached: it sends under this registration',
              )
            }
          >
            Attach number
          </Button>
        </Space>
      )}
      <Table
        size="small"
        rowKey="did_uuid"
        pagination={false}
        dataSource={filing.numbers}
        locale={{ emptyText: 'No number attached' }}
        columns={[
          { title: 'Number', dataIndex: 'did', render: (v: string) => formatPhone(v) },
          {
            title: '',
            width: 120,
            render: (_v, n) => (
              <Popconfirm
                title={`Detach ${formatPhone(n.did)}?`}
                description="Sends from it to destinations that need a registration are refused."
                onConfirm={() =>
                  void run(detach({ id: filing.filing_uuid, did_uuid: n.did_uuid }).unwrap(), 'Number detached')
                }
              >
                <Button size="small">Detach</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Review({ filing }: { filing: FilingWithHistory }) {
  const dispatch = useAppDispatch();
  const [review, reviewing] = useReviewFilingMutation();
  const [reason, setReason] = useState('');
  const decide = async (decision: 'approve' | 'reject') => {
    try {
      await review({
        id: filing.filing_uuid,
        body: { decision, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }).unwrap();
      dispatch(showToast('success', decision === 'approve' ? 'Approved' : 'Rejected: the customer sees the reason'));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Card title="Platform review" style={{ marginTop: 16 }}>
      <Input.TextArea
        aria-label="Reason for a rejection"
        placeholder="Why it is rejected (the customer reads this)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        style={{ marginBottom: 12 }}
      />
      <Space>
        <Button type="primary" loading={reviewing.isLoading} onClick={() => void decide('approve')}>
          Approve
        </Button>
        <Button danger loading={reviewing.isLoading} onClick={() => void decide('reject')}>
          Reject
        </Button>
      </Space>
    </Card>
  );
}

export function FilingPage({ canReview }: { canReview: boolean }) {
  const id = useParams().id ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [polling, setPolling] = useState(0);
  const q = useGetFilingQuery(id, { pollingInterval: polling });
  const f = q.data;
  // a filing in review is decided by a job: the page follows it until it is
  useEffect(() => setPolling(f?.status === 'in_review' || f?.status === 'submitted' ? 2000 : 0), [f?.status]);
  const [form] = Form.useForm<FilingValues>();
  const [update, saving] = useUpdateFilingMutation();
  const [submit, submitting] = useSubmitFilingMutation();
  const [remove] = useDeleteFilingMutation();
  // the form takes the stored values when they change (a save, a decision), not on every poll
  const stored = f?.updated_on;
  useEffect(() => {
    if (f) form.setFieldsValue(toFilingValues(f));
  }, [stored, form]);

  if (q.isLoading) return <Card loading />;
  if (q.isError || !f) return <Alert type="error" showIcon title={describeApiError(q.error)} />;
  const editable = EDITABLE.includes(f.status);
  const failed = (e: unknown) => {
    const errors = errorsOf(e);
    const left = errors ? showFieldErrors(form, errors) : [];
    if (!errors || left.length) dispatch(showToast('error', left.length ? left.join('; ') : describeApiError(e)));
    else dispatch(showToast('error', 'Some fields need attention'));
  };
  const save = async (thenSubmit: boolean) => {
    try {
      await update({ id, body: toFilingBody(form.getFieldsValue(true), f.kind) }).unwrap();
      if (thenSubmit) {
        await submit(id).unwrap();
        dispatch(showToast('success', 'Submitted: it is in review'));
      } else dispatch(showToast('success', 'Changes saved'));
    } catch (e) {
      failed(e);
    }
  };
  return (
    <div style={{ maxWidth: 900 }}>
      <Descriptions bordered size="small" column={2} data-testid="filing-summary">
        <Descriptions.Item label="Kind">{FILING_KIND_WORDS[f.kind]}</Descriptions.Item>
        <Descriptions.Item label="Status">
          {filingStatusTag(f.status)}
          {f.renewal_due && <Tag color="orange">Renewal due</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Company">{f.company_name}</Descriptions.Item>
        <Descriptions.Item label="Reviewed by">
          {f.reviewer === 'platform' ? 'The platform' : 'The registry'}
        </Descriptions.Item>
        {f.brand_name && <Descriptions.Item label="Brand">{f.brand_name}</Descriptions.Item>}
        {f.registry_ref && <Descriptions.Item label="Registry reference">{f.registry_ref}</Descriptions.Item>}
        {f.expires_on && (
          <Descriptions.Item label="Expires">{formatDateTime(f.expires_on, { label: true })}</Descriptions.Item>
        )}
      </Descriptions>
      {f.status === 'rejected' && f.status_reason && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="filing-rejection"
          title={`Rejected: ${f.status_reason}`}
          description="Change what the reason names, then submit it again."
        />
      )}
      {f.status === 'in_review' && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title="In review: this page updates when it is decided."
        />
      )}
      <Card title="Details" style={{ marginTop: 16 }}>
        <Form form={form} layout="vertical" disabled={!editable} aria-label="Filing details">
          <FilingFields kind={f.kind} company_uuid={f.company_uuid} form={form} />
        </Form>
        {editable && (
          <Space>
            <Button type="primary" loading={submitting.isLoading} onClick={() => void save(true)}>
              {f.status === 'draft' ? 'Submit for review' : 'Resubmit'}
            </Button>
            <Button loading={saving.isLoading} onClick={() => void save(false)}>
              Save changes
            </Button>
            {f.status === 'draft' && (
              <Popconfirm
                title="Delete this draft?"
                onConfirm={async () => {
                  try {
                    await remove(id).unwrap();
                    dispatch(showToast('success', 'Draft deleted'));
                    navigate('../..', { relative: 'path' });
                  } catch (e) {
                    dispatch(showToast('error', describeApiError(e)));
                  }
                }}
              >
                <Button danger>Delete draft</Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </Card>
      {(f.kind === 'campaign_10dlc' || f.kind === 'toll_free') && <Numbers filing={f} />}
      {canReview && f.reviewer === 'platform' && f.status === 'in_review' && <Review filing={f} />}
      <Card title="History" style={{ marginTop: 16 }}>
        <Table
          size="small"
          rowKey={(e) => `${e.at}-${e.status}`}
          pagination={false}
          dataSource={[...f.history].reverse()}
          columns={[
            { title: withZone('When'), dataIndex: 'at', width: 190, render: (v: string) => formatDateTime(v) },
            {
              title: 'What',
              dataIndex: 'status',
              width: 140,
              render: (v: string) =>
                (FILING_STATUS_WORDS as Record<string, string>)[v] ?? (v === 'renewal_due' ? 'Renewal due' : 'Edited'),
            },
            { title: 'Note', dataIndex: 'reason', render: (v: string | null) => v ?? '' },
            { title: 'By', dataIndex: 'actor', width: 220, render: (v: string | null) => v ?? 'Registry / platform' },
          ]}
        />
      </Card>
    </div>
  );
}
