// The fields of a filing, as its kind (and a sender ID's country) asks for them; shared by the new-filing page and
// the filing's own page. Values map to the API's body in toFilingBody; the server's field errors map back here.
import type { FormInstance } from '@smsc/shared-ui';
import { Form, Input, InputNumber, Select } from '@smsc/shared-ui';
import type { FilingCreate, FilingDetails, FilingKind, FilingWithHistory } from '@smsc/shared-contract';
import { useListFilingsQuery, useSenderIdCountriesQuery } from './compliance.api';

export interface FilingValues {
  name?: string;
  brand_uuid?: string;
  country?: string;
  sender_id?: string;
  /** one sample message a line */
  samples?: string;
  details?: Omit<FilingDetails, 'sample_messages'>;
}

export function toFilingBody(v: FilingValues, kind: FilingKind): Omit<FilingCreate, 'kind' | 'company_uuid'> {
  const samples = (v.samples ?? '')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  const details: FilingDetails = { ...(v.details ?? {}) };
  for (const [k, val] of Object.entries(details))
    if (val === undefined || val === null || val === '') delete (details as Record<string, unknown>)[k];
  if (samples.length) details.sample_messages = samples;
  return {
    name: (v.name ?? '').trim(),
    details,
    ...(kind === 'campaign_10dlc' ? { brand_uuid: v.brand_uuid ?? null } : {}),
    ...(kind === 'sender_id' ? { country: v.country ?? null, sender_id: v.sender_id?.trim() || null } : {}),
  };
}

export function toFilingValues(f: FilingWithHistory): FilingValues {
  const { sample_messages, ...details } = f.details;
  return {
    name: f.name,
    brand_uuid: f.brand_uuid ?? undefined,
    country: f.country ?? undefined,
    sender_id: f.sender_id ?? undefined,
    samples: (sample_messages ?? []).join('\n'),
    details,
  };
}

/** The server's `{ errors: { 'details.opt_in_flow': 'Required' } }` on the form's fields; answers what it could not place. */
export function showFieldErrors(form: FormInstance, errors: Record<string, string>): string[] {
  const left: string[] = [];
  const fields = Object.entries(errors).map(([key, message]) => {
    const path = key.split('.');
    if (key === 'details.sample_messages') return { name: ['samples'], errors: [message] };
    if (path[0] === 'details' && path.length === 3) return { name: path, errors: [message] };
    if (path[0] === 'details') return { name: ['details', path[1]], errors: [message] };
    if (['name', 'brand_uuid', 'country', 'sender_id'].includes(key)) return { name: [key], errors: [message] };
    left.push(`${key}: ${message}`);
    return null;
  });
  form.setFields(fields.filter((f): f is { name: string[]; errors: string[] } => !!f));
  return left;
}

const text = (name: keyof FilingDetails, label: string, extra: { help?: string; long?: boolean } = {}) => (
  <Form.Item key={name} name={['details', name]} label={label} help={extra.help}>
    {extra.long ? <Input.TextArea rows={3} maxLength={2000} /> : <Input maxLength={200} />}
  </Form.Item>
);

const samples = (
  <Form.Item
    key="samples"
    name="samples"
    label="Sample messages"
    extra="One message a line, as recipients will read it (up to 5); say how to opt out, e.g. Reply STOP to opt out"
  >
    <Input.TextArea rows={4} />
  </Form.Item>
);
const volume = (
  <Form.Item key="volume" name={['details', 'monthly_volume']} label="Messages a month">
    <InputNumber min={0} max={100_000_000} style={{ width: 200 }} />
  </Form.Item>
);
const optIn = text('opt_in_flow', 'Opt-in flow', { long: true });

function BrandPicker({ company_uuid }: { company_uuid?: string }) {
  // a company role's list holds its own company's only; the admin and a reseller name the company
  const brands = useListFilingsQuery({
    kind: 'brand_10dlc',
    page: 0,
    per_page: 100,
    ...(company_uuid ? { company_uuid } : {}),
  });
  return (
    <Form.Item
      name="brand_uuid"
      label="Brand"
      extra="A campaign is submitted once its brand is approved"
      help={brands.isError ? 'The brands could not be loaded' : undefined}
    >
      <Select
        loading={brands.isFetching}
        placeholder="Choose the brand"
        options={(brands.data?.items ?? []).map((b) => ({
          label: `${b.name} (${b.status.replace('_', ' ')})`,
          value: b.filing_uuid,
        }))}
      />
    </Form.Item>
  );
}

function CountryFields({ form }: { form: FormInstance }) {
  const countries = useSenderIdCountriesQuery();
  const iso2 = Form.useWatch('country', form) as string | undefined;
  const country = countries.data?.items.find((c) => c.iso2 === iso2);
  return (
    <>
      <Form.Item name="country" label="Country">
        <Select
          loading={countries.isFetching}
          placeholder="Choose the country"
          options={(countries.data?.items ?? []).map((c) => ({
            label: `${c.name}${c.required ? ' (registration required)' : ''}`,
            value: c.iso2,
          }))}
        />
      </Form.Item>
      {country && (
        <p data-testid="country-rules">
          {country.reviewer === 'platform' ? 'Reviewed by the platform' : 'Reviewed by the country’s registry'}, about{' '}
          {country.lead_time_days} days;{' '}
          {country.renewal_months ? `renewed every ${country.renewal_months} months` : 'no renewal'}.
        </p>
      )}
      <Form.Item name="sender_id" label="Sender ID" extra="3 to 11 letters or digits, at least one letter">
        <Input maxLength={11} />
      </Form.Item>
      {country?.fields.map((f) => (
        <Form.Item key={f.key} name={['details', 'country_fields', f.key]} label={f.label}>
          <Input maxLength={200} />
        </Form.Item>
      ))}
      {country?.documents.map((d) => (
        <Form.Item key={d} name={['details', 'documents', d]} label={d} extra="Its number, link or file name">
          <Input maxLength={300} />
        </Form.Item>
      ))}
    </>
  );
}

/** The kind's fields inside an antd Form the caller owns. */
export function FilingFields({
  kind,
  company_uuid,
  form,
}: {
  kind: FilingKind;
  company_uuid?: string;
  form: FormInstance;
}) {
  const name = (
    <Form.Item key="name" name="name" label="Name" rules={[{ required: true, message: 'Give the filing a name' }]}>
      <Input maxLength={120} />
    </Form.Item>
  );
  switch (kind) {
    case 'brand_10dlc':
      return (
        <>
          {name}
          {text('legal_name', 'Legal company name')}
          {text('tax_id', 'Tax ID (EIN)')}
          {text('website', 'Website')}
          {text('vertical', 'Industry')}
          {text('contact_email', 'Contact email')}
        </>
      );
    case 'campaign_10dlc':
      return (
        <>
          {name}
          <BrandPicker company_uuid={company_uuid} />
          {text('use_case', 'Use case')}
          {text('description', 'Description', { long: true })}
          {samples}
          {optIn}
          {volume}
        </>
      );
    case 'toll_free':
      return (
        <>
          {name}
          {text('legal_name', 'Legal company name')}
          {text('website', 'Website')}
          {text('use_case', 'Use case')}
          {samples}
          {optIn}
          {volume}
        </>
      );
    case 'sender_id':
      return (
        <>
          {name}
          <CountryFields form={form} />
          {text('legal_name', 'Legal company name')}
          {text('use_case', 'Use case')}
          {samples}
        </>
      );
  }
}
