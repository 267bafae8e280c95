import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeApiError, readApiProblem, showToast, useCompanyOptions } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { FILING_KIND_WORDS, FILING_KINDS, type FilingKind } from '@smsc/shared-contract';
import { Button, Card, Form, Select, Space, Typography } from '@smsc/shared-ui';
import { useCreateFilingMutation } from './compliance.api';
import { FilingFields, showFieldErrors, toFilingBody, type FilingValues } from './filing-form';

const HELP: Record<FilingKind, string> = {
  brand_10dlc: 'The business behind US long-code traffic, as The Campaign Registry checks it. File it first.',
  campaign_10dlc: 'What one kind of US long-code traffic says and how recipients opted in; numbers attach to it.',
  toll_free: 'Verification of a toll-free number’s traffic; without it carriers block the number.',
  sender_id: 'An alphanumeric sender name, registered in a country that requires it.',
};

/** A new filing, saved as a draft: its page then submits it. */
export function NewFilingPage({ pickCompany }: { pickCompany: boolean }) {
  const [form] = Form.useForm<FilingValues & { company_uuid?: string }>();
  const [kind, setKind] = useState<FilingKind>('brand_10dlc');
  const companies = useCompanyOptions({ skip: !pickCompany });
  const company = Form.useWatch('company_uuid', form) as string | undefined;
  const [create, creating] = useCreateFilingMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = async (values: FilingValues & { company_uuid?: string }) => {
    try {
      const made = await create({
        kind,
        ...toFilingBody(values, kind),
        ...(pickCompany && values.company_uuid ? { company_uuid: values.company_uuid } : {}),
      }).unwrap();
      dispatch(showToast('success', 'Draft saved: complete it and submit it for review'));
      navigate(`../filing/${made.filing_uuid}`, { relative: 'path' });
    } catch (e) {
      const { fields } = readApiProblem(e);
      const errors = Object.keys(fields).length ? fields : null;
      const left = errors ? showFieldErrors(form, errors) : [];
      if (!errors || left.length) dispatch(showToast('error', left.length ? left.join('; ') : describeApiError(e)));
    }
  };
  return (
    <Card style={{ maxWidth: 760 }}>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} aria-label="New filing">
        <Form.Item label="Kind" htmlFor="filing-kind">
          <Select
            id="filing-kind"
            value={kind}
            onChange={(k: FilingKind) => setKind(k)}
            options={FILING_KINDS.map((k) => ({ label: FILING_KIND_WORDS[k], value: k }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{HELP[kind]}</Typography.Paragraph>
        {pickCompany && (
          <Form.Item name="company_uuid" label="Company" rules={[{ required: true, message: 'Choose the company' }]}>
            <Select showSearch optionFilterProp="label" loading={companies.loading} options={companies.options} />
          </Form.Item>
        )}
        <FilingFields kind={kind} company_uuid={company} form={form} />
        <Space>
          <Button type="primary" htmlType="submit" loading={creating.isLoading}>
            Save draft
          </Button>
          <Button onClick={() => navigate('..', { relative: 'path' })}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
