import { useRef, useState } from 'react';
// The company user's landing: drawn from the kit's light entries (core, frame, compose), without the
// data kit, so the landing stays near a role home's size
import { Alert, Button, Input } from '@smsc/shared-ui/core';
import { Space } from '@smsc/shared-ui/frame';
import {
  FieldRow,
  lookupSelectProps,
  PlaceholderFields,
  placeholderState,
  Select,
  useSettled,
} from '@smsc/shared-ui/compose';
import { explainFailure, problemOf, showToast } from '@smsc/shared-api/core';
import { lookupOf } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { SMS_TEXT_MAX, type SendSmsBody, type SmsTemplate } from '@smsc/shared-contract';
import { formatPhone } from '@smsc/shared-util';
import { useSegments } from './use-segments';
import {
  useTemplateChoicesQuery,
  useQuoteSmsQuery,
  useRecipientChoicesQuery,
  useSendSmsMutation,
  useSenderNumbersQuery,
} from './sms.api';
import { useSmsCompanyOptions } from './sms-status';
import { SentMessage } from './sent-message';
import { CannotSend, QUOTE_DELAY_MS, SmsFigures } from './sms-figures';
import { FIELD_IDS, FieldErrorLine } from './field-errors';

/** What the server takes as a number (the contract's pattern): anything else is said under To, not sent for a quote. */
const LOOKS_LIKE_NUMBER = /^[+0-9 ().-]{3,24}$/;
const NOT_A_NUMBER = 'Recipient number: use digits, with the country code, e.g. +1 415 555 0100';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** A template in the picker: only an approved one can be sent; the others say why not and what happens next. */
export function templateChoice(t: Pick<SmsTemplate, 'id' | 'template_name' | 'status' | 'reject_reason'>) {
  if (t.status === 'approved') return { label: t.template_name, value: t.id };
  const why =
    t.status === 'pending'
      ? 'pending approval: it can be sent once approved'
      : `rejected: ${t.reject_reason ?? 'no reason given'}; change it to ask again`;
  return { label: `${t.template_name} (${why})`, value: t.id, disabled: true };
}

export interface SmsCenterProps {
  /** the reseller sends for one of its companies: it picks the company first */
  pickCompany?: boolean;
}

/** Compose and send one SMS: sender, destination (or a recipient), text (or an approved template), live parts, encoding and price. */
export function SmsCenter({ pickCompany = false }: SmsCenterProps) {
  const dispatch = useAppDispatch();
  const [company, setCompany] = useState<string | undefined>();
  const [ani, setAni] = useState<string | undefined>();
  const [dnis, setDnis] = useState('');
  const [recipient, setRecipient] = useState<string | undefined>();
  const [template, setTemplate] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  // the server's field errors ({ errors: { dnis: ... } }), shown under their fields until the field changes
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const clearError = (name: string) =>
    setFieldErrors((all) => {
      if (!(name in all)) return all;
      const { [name]: _gone, ...rest } = all;
      return rest;
    });
  const [key, setKey] = useState(newKey);
  const [sentId, setSentId] = useState<string | null>(null);
  // a second click (or Enter) while the first send is on its way is not a second message
  const inFlight = useRef(false);
  // said under To once the person leaves the field (or presses Send), never as a toast while typing
  const [dnisTouched, setDnisTouched] = useState(false);
  const ready = !pickCompany || !!company;
  const scope = pickCompany ? { company_uuid: company } : undefined;
  // only the reseller picks a company (a company user may not list companies)
  const companies = useSmsCompanyOptions(!pickCompany);
  const numbers = useSenderNumbersQuery(scope, { skip: !ready });
  const recipients = useRecipientChoicesQuery(scope, { skip: !ready });
  const templates = useTemplateChoicesQuery(scope, { skip: !ready });
  const [send, sending] = useSendSmsMutation();
  const senderPicker = lookupSelectProps({
    ...lookupOf(numbers, (d) =>
      d.items.map((n) => ({
        label: n.description ? `${formatPhone(n.did)} · ${n.description}` : formatPhone(n.did),
        value: n.did,
      })),
    ),
    loading: numbers.isFetching,
  });

  // the number and a picked recipient's name fill their placeholders; the rest are typed here
  const recipientName = recipients.data?.items.find((x) => x.recipient_uuid === recipient)?.recipient_name;
  const fill = placeholderState(
    text,
    { number: dnis.trim() || undefined, name: recipientName, recipient_name: recipientName },
    values,
  );
  // parts and price are those of the text as it goes out, placeholders filled
  const final = fill.preview;
  // the text field's focus fetches the part counter before the first keystroke
  const [counting, setCounting] = useState(false);
  const live = useSegments(final, counting);
  const dnisOk = LOOKS_LIKE_NUMBER.test(dnis.trim());
  const quoteArg = useSettled(
    {
      text: final,
      dnis: dnisOk ? dnis.trim() : undefined,
      ...(ani ? { ani } : {}),
      ...(pickCompany ? { company_uuid: company } : {}),
    },
    QUOTE_DELAY_MS,
  );
  const quote = useQuoteSmsQuery(quoteArg, { skip: !ready || !quoteArg.text || !quoteArg.dnis });
  // the quote of what is on the screen now (not of what was typed before): its refusal disables Send
  const current = quoteArg.dnis === (dnisOk ? dnis.trim() : undefined) && quoteArg.text === final;
  const refusal = current && !quote.isFetching ? (quote.data?.reason ?? null) : null;
  const dnisProblem = fieldErrors.dnis ?? (dnisTouched && dnis.trim() && !dnisOk ? NOT_A_NUMBER : undefined);

  const pickRecipient = (id?: string) => {
    setRecipient(id);
    const r = recipients.data?.items.find((x) => x.recipient_uuid === id);
    if (r) setDnis(r.number);
  };
  const pickTemplate = (id?: string) => {
    setTemplate(id);
    clearError('text');
    const t = templates.data?.items.find((x) => x.id === id);
    if (t?.status === 'approved') setText(t.text);
  };
  /** After a send: a blank form for the next message, from the same number. */
  const reset = () => {
    setDnis('');
    setRecipient(undefined);
    setTemplate(undefined);
    setText('');
    setValues({});
    setFieldErrors({});
    setDnisTouched(false);
  };
  const submit = async () => {
    if (!ani || inFlight.current) return;
    if (!dnisOk) {
      setDnisTouched(true);
      return;
    }
    const body: SendSmsBody = { ani, dnis: dnis.trim(), text };
    if (recipient) body.recipient_uuid = recipient;
    if (template) body.sms_template_uuid = template;
    if (Object.keys(fill.typed).length) body.values = fill.typed;
    if (pickCompany && company) body.company_uuid = company;
    inFlight.current = true;
    try {
      const sms = await send({ body, key }).unwrap();
      setSentId(sms.sms_uuid);
      setKey(newKey());
      reset();
      dispatch(showToast('success', `Message to ${sms.dnis} ${sms.status}`));
    } catch (e) {
      // field errors under their fields (in words); the rest, a reason in words with its next step, as a toast
      const mine = Object.fromEntries(Object.entries(problemOf(e).fields).filter(([k]) => FIELD_IDS[k] !== undefined));
      setFieldErrors(mine);
      if (!Object.keys(mine).length) {
        const said = explainFailure(e);
        dispatch(showToast('error', said.text, said.link));
      }
    } finally {
      inFlight.current = false;
    }
  };

  const blank = !!text && !text.trim();
  const canSend =
    ready &&
    !!ani &&
    !!dnis.trim() &&
    !!text.trim() &&
    final.length <= SMS_TEXT_MAX &&
    !fill.missing.length &&
    !refusal;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <form
        id="sms-center"
        aria-label="Compose SMS"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {pickCompany && (
          <FieldRow label="Company" htmlFor="sms-company" required>
            <Select
              id="sms-company"
              showSearch
              optionFilterProp="label"
              {...lookupSelectProps(companies)}
              value={company}
              onChange={(v: string) => {
                setCompany(v);
                setAni(undefined);
                setRecipient(undefined);
                setTemplate(undefined);
              }}
              placeholder="Choose the company to send for"
            />
          </FieldRow>
        )}
        <FieldRow
          label="From"
          htmlFor="sms-ani"
          required
          help={ready && numbers.data?.items.length === 0 ? 'No sending numbers: buy or assign a DID first' : undefined}
        >
          <Select
            id="sms-ani"
            aria-describedby={ready && numbers.data?.items.length === 0 ? 'sms-ani_help' : undefined}
            showSearch
            value={ani}
            onChange={(v: string) => {
              setAni(v);
              clearError('ani');
            }}
            {...senderPicker}
            status={fieldErrors.ani ? 'error' : senderPicker.status}
            disabled={!ready}
            placeholder="Sender number"
          />
          <FieldErrorLine id="sms-ani_error" message={fieldErrors.ani} />
        </FieldRow>
        <FieldRow label="Recipient" htmlFor="sms-recipient">
          <Select
            id="sms-recipient"
            showSearch
            optionFilterProp="label"
            allowClear
            value={recipient}
            onChange={pickRecipient}
            disabled={!ready}
            placeholder="Optional: pick a saved recipient"
            {...lookupSelectProps(
              lookupOf(recipients, (d) =>
                d.items.map((r) => ({ label: `${r.recipient_name} (${r.number})`, value: r.recipient_uuid })),
              ),
            )}
          />
        </FieldRow>
        <FieldRow label="To" htmlFor="sms-dnis" required>
          <Input
            id="sms-dnis"
            value={dnis}
            maxLength={24}
            placeholder="+1 212 555 0100"
            autoComplete="tel"
            onChange={(e) => {
              setDnis(e.target.value);
              setRecipient(undefined);
              clearError('dnis');
            }}
            onBlur={() => setDnisTouched(true)}
            status={dnisProblem ? 'error' : undefined}
            aria-invalid={dnisProblem ? true : undefined}
            aria-describedby={dnisProblem ? 'sms-dnis_error' : undefined}
          />
          <FieldErrorLine id="sms-dnis_error" message={dnisProblem} />
        </FieldRow>
        <FieldRow label="Template" htmlFor="sms-template">
          <Select
            id="sms-template"
            showSearch
            optionFilterProp="label"
            allowClear
            value={template}
            onChange={pickTemplate}
            disabled={!ready}
            placeholder="Optional: an approved template"
            {...lookupSelectProps(lookupOf(templates, (d) => d.items.map(templateChoice)))}
          />
        </FieldRow>
        <FieldRow
          label="Text"
          htmlFor="sms-text"
          required
          help={
            template ? 'The approved template is sent as it is; clear the template to write your own text.' : undefined
          }
        >
          <Input.TextArea
            id="sms-text"
            aria-describedby={template ? 'sms-text_help' : undefined}
            onFocus={() => setCounting(true)}
            rows={5}
            value={text}
            readOnly={!!template}
            onChange={(e) => {
              setText(e.target.value);
              clearError('text');
            }}
            status={blank || fieldErrors.text ? 'error' : undefined}
          />
          <FieldErrorLine id="sms-text_error" message={fieldErrors.text ?? fieldErrors.values} />
          {blank && (
            <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
              Text: write something other than spaces
            </div>
          )}
        </FieldRow>
        <PlaceholderFields
          idPrefix="sms"
          state={fill}
          values={values}
          onChange={setValues}
          sourceNote={
            recipient
              ? '{number} and {name} come from the recipient.'
              : '{number} is the number in To; pick a saved recipient to fill {name}.'
          }
        />
        <SmsFigures live={live} quote={quote.data} pricing={quote.isFetching} />
        {refusal && <CannotSend reason={refusal} />}
        {final.length > SMS_TEXT_MAX && (
          <Alert
            type="error"
            showIcon
            title={`The text is longer than ${SMS_TEXT_MAX} characters`}
            style={{ marginBottom: 16 }}
          />
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={sending.isLoading}
          disabled={!canSend}
          aria-describedby={refusal ? 'sms-cannot-send' : undefined}
        >
          Send
        </Button>
      </form>
      {sentId && <SentMessage id={sentId} />}
    </Space>
  );
}
