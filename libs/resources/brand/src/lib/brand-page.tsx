import { useEffect, useState, type ReactNode } from 'react';
import {
  FAVICON_MAX_CHARS,
  LOGO_MAX_CHARS,
  primaryColorProblem,
  type Brand,
  type BrandInput,
} from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch, useReadOnly } from '@smsc/shared-session';
import { Alert, Button, Card, Col, Form, Input, Row, Space } from '@smsc/shared-ui';
import { useGetBrandQuery, useSaveBrandMutation } from './brand.api';
import { BrandPreview } from './brand-preview';
import { BrandDomains } from './brand-domains';

interface Values {
  name: string;
  primary_color: string;
  mail_from_name: string;
  mail_from_address: string;
  support_email: string;
  support_phone: string;
  legal_footer: string;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/x-icon';
const HEX = /^#[0-9a-f]{6}$/i;
const orNull = (s: string | undefined) => (s?.trim() ? s.trim() : null);

const valuesOf = (b: Brand): Values => ({
  name: b.name,
  primary_color: b.primary_color,
  mail_from_name: b.mail_from_name ?? '',
  mail_from_address: b.mail_from_address ?? '',
  support_email: b.support_email ?? '',
  support_phone: b.support_phone ?? '',
  legal_footer: b.legal_footer ?? '',
});

/** An uploaded image as a data URL, refused when its type or size is not the contract's. */
function readImage(file: File, maxChars: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!IMAGE_TYPES.split(',').includes(file.type)) return reject(new Error('Use a PNG, JPEG, WebP or ICO image'));
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      if (url.length > maxChars)
        reject(new Error(`The image is too large (at most ${Math.floor((maxChars * 3) / 4 / 1024)} KB)`));
      else resolve(url);
    };
    reader.onerror = () => reject(new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });
}

/** An image field: the current image, a file input to replace it, and Remove. */
function ImageField(props: {
  label: string;
  current: string | null;
  maxChars: number;
  disabled: boolean;
  onChange(url: string | null): void;
  onError(message: string): void;
}) {
  const id = `brand-${props.label.toLowerCase()}`;
  return (
    <Form.Item label={props.label} htmlFor={id}>
      <Space wrap>
        {props.current ? <img src={props.current} alt={`${props.label} now`} style={{ maxHeight: 40 }} /> : null}
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES}
          disabled={props.disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) readImage(file, props.maxChars).then(props.onChange, (err: Error) => props.onError(err.message));
          }}
        />
        {props.current ? (
          <Button size="small" disabled={props.disabled} onClick={() => props.onChange(null)}>
            Remove {props.label.toLowerCase()}
          </Button>
        ) : null}
      </Space>
    </Form.Item>
  );
}

/**
 * The Brand screen: what the customers of a reseller (or, for the system admin, of the platform) see — name,
 * colour, logo, favicon, mail sender, support contact, legal footer — with a live preview in both themes; a
 * reseller also adds the host names its brand is served on (`domains`). The system admin names a `reseller` to
 * open and edit that reseller's brand (`picker`: its choice of whose brand, above the form).
 */
export function BrandPage({
  domains = false,
  reseller,
  picker,
}: {
  domains?: boolean;
  reseller?: string;
  picker?: ReactNode;
}) {
  // a key per owner (BrandForm): switching whose brand starts a fresh form, never one with the other's edits
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {picker}
      <BrandForm key={reseller ?? 'own'} domains={domains} reseller={reseller} />
    </Space>
  );
}

function BrandForm({ domains, reseller }: { domains: boolean; reseller?: string }) {
  const current = useGetBrandQuery(reseller);
  const [save, saving] = useSaveBrandMutation();
  const dispatch = useAppDispatch();
  const readOnly = useReadOnly();
  const [form] = Form.useForm<Values>();
  // images: undefined = unchanged, null = removed, a data URL = a new upload
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [favicon, setFavicon] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (current.data) form.setFieldsValue(valuesOf(current.data));
  }, [current.data, form]);
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const shownLogo = logo === undefined ? (current.data?.logo_url ?? null) : logo;
  const shownFavicon = favicon === undefined ? (current.data?.favicon_url ?? null) : favicon;
  const fail = (message: string) => dispatch(showToast('error', message));

  const submit = async (v: Values) => {
    const body: BrandInput = {
      name: v.name.trim(),
      primary_color: v.primary_color,
      mail_from_name: orNull(v.mail_from_name),
      mail_from_address: orNull(v.mail_from_address),
      support_email: orNull(v.support_email),
      support_phone: orNull(v.support_phone),
      legal_footer: orNull(v.legal_footer),
      ...(logo !== undefined ? { logo } : {}),
      ...(favicon !== undefined ? { favicon } : {}),
    };
    try {
      await save({ ...body, ...(reseller ? { reseller_uuid: reseller } : {}) }).unwrap();
      setLogo(undefined);
      setFavicon(undefined);
      dispatch(showToast('success', 'Brand saved'));
    } catch (e) {
      fail(describeApiError(e));
    }
  };
  const colourRule = {
    validator: async (_: unknown, value: string) => {
      if (!HEX.test(value ?? '')) throw new Error('A colour as #rrggbb');
      const problem = primaryColorProblem(value);
      if (problem) throw new Error(problem);
    },
  };
  const color = watched?.primary_color ?? '';

  if (current.error)
    return (
      <Alert
        type="warning"
        showIcon
        title="The brand could not be loaded"
        description={describeApiError(current.error)}
      />
    );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {current.data?.is_default ? (
        <Alert
          type="info"
          showIcon
          title={
            reseller
              ? "This reseller has no brand yet: its customers see the platform's. Save one here."
              : "No brand of your own yet: your customers see the platform's. Save one here."
          }
        />
      ) : null}
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Card title="Brand" size="small">
            <Form
              form={form}
              layout="vertical"
              onFinish={(v) => void submit(v)}
              disabled={current.isLoading || readOnly}
            >
              <Form.Item name="name" label="Brand name" rules={[{ required: true, whitespace: true, max: 80 }]}>
                <Input maxLength={80} />
              </Form.Item>
              <Form.Item label="Primary colour" required>
                <Space.Compact>
                  <input
                    type="color"
                    aria-label="Pick the primary colour"
                    value={HEX.test(color) ? color : '#000000'}
                    disabled={readOnly}
                    onChange={(e) => form.setFieldValue('primary_color', e.target.value)}
                    style={{ width: 48, height: 32, padding: 0, border: 'none', background: 'none' }}
                  />
                  <Form.Item name="primary_color" noStyle rules={[colourRule]}>
                    <Input aria-label="Primary colour" style={{ width: 120 }} maxLength={7} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
              <ImageField
                label="Logo"
                current={shownLogo}
                maxChars={LOGO_MAX_CHARS}
                disabled={readOnly}
                onChange={setLogo}
                onError={fail}
              />
              <ImageField
                label="Favicon"
                current={shownFavicon}
                maxChars={FAVICON_MAX_CHARS}
                disabled={readOnly}
                onChange={setFavicon}
                onError={fail}
              />
              <Form.Item name="mail_from_name" label="Mail sender name" rules={[{ max: 80 }]}>
                <Input maxLength={80} placeholder={watched?.name} />
              </Form.Item>
              <Form.Item
                name="mail_from_address"
                label="Mail sender address"
                rules={[{ type: 'email' }]}
                extra="Mails from the platform's address unless set (the address's domain must let the platform send for it)"
              >
                <Input maxLength={254} />
              </Form.Item>
              <Form.Item name="support_email" label="Support e-mail" rules={[{ type: 'email' }]}>
                <Input maxLength={254} />
              </Form.Item>
              <Form.Item name="support_phone" label="Support phone" rules={[{ max: 40 }]}>
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="legal_footer" label="Legal footer" rules={[{ max: 1000 }]}>
                <Input.TextArea rows={2} maxLength={1000} showCount />
              </Form.Item>
              {readOnly ? null : (
                <Button type="primary" htmlType="submit" loading={saving.isLoading}>
                  Save brand
                </Button>
              )}
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Preview" size="small">
            <BrandPreview
              brand={{
                name: watched?.name ?? '',
                primary_color: color,
                logo: shownLogo,
                support: [watched?.support_email, watched?.support_phone].filter(Boolean).join(' · '),
                legal_footer: watched?.legal_footer ?? '',
              }}
            />
          </Card>
        </Col>
      </Row>
      {domains ? <BrandDomains readOnly={readOnly} /> : null}
    </Space>
  );
}
