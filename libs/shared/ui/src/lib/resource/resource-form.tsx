import { useRef, useState } from 'react';
import { Alert, Button, Form, Space } from 'antd';
import { describeApiError, explainError, problemOf, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { ResourceDefinition } from './types';
import { fieldInput, rulesFor } from './form-fields';
import { LeaveGuard, useBeforeUnload } from './leave-guard';

export type FormValues = Record<string, unknown>;

export interface ResourceFormProps<T> {
  definition: ResourceDefinition<T>;
  mode: 'create' | 'edit';
  initialValues?: FormValues;
  /** the save call, e.g. `(v) => createCompany(v).unwrap()`; a rejection is shown on the form */
  onSubmit(values: FormValues): Promise<unknown>;
  submitting?: boolean;
  /** after a successful save (typically navigates back to the list) */
  onDone(): void;
  onCancel?(): void;
}

/**
 * Splits a failed save into messages for known fields (under each field, antd's setFields) and one message for
 * the form: the reason in words (error-words.ts) with the fields the form does not have, or the generic fallback.
 */
export function splitServerError(
  failure: unknown,
  fieldNames: string[],
): { fields: Record<string, string[]>; message: string | null } {
  const problem = problemOf(failure);
  const fields: Record<string, string[]> = {};
  const rest: Record<string, string> = {};
  for (const [name, text] of Object.entries(problem.fields)) {
    if (fieldNames.includes(name)) fields[name] = [text];
    else rest[name] = text;
  }
  // a validation failure's message repeats its field errors: once every one is on its field, it is not said twice
  const allOnFields = Object.keys(fields).length > 0 && !Object.keys(rest).length && problem.code === 'validation';
  if (allOnFields) return { fields, message: null };
  const said = explainError({ code: problem.code, detail: problem.detail, fields: rest });
  return { fields, message: said?.text ?? describeApiError(failure) };
}

/** The generic create/edit form built from a definition's form fields. */
export function ResourceForm<T>({
  definition,
  mode,
  initialValues,
  onSubmit,
  submitting,
  onDone,
  onCancel,
}: ResourceFormProps<T>) {
  const [form] = Form.useForm<FormValues>();
  const dispatch = useAppDispatch();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [dirty, setDirtyState] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  };
  useBeforeUnload(dirty);

  const fields = definition.formFields.filter((f) => (mode === 'create' ? !f.editOnly : !f.createOnly));
  const names = fields.map((f) => f.name);

  const finish = async (values: FormValues) => {
    setServerMessage(null);
    setBusy(true);
    try {
      const answer = await onSubmit(values);
      const created = mode === 'create' && answer ? definition.createdMessage?.(answer as T) : undefined;
      dispatch(showToast('success', created ?? `${definition.singular} ${mode === 'create' ? 'created' : 'saved'}`));
      setDirty(false);
      onDone();
    } catch (failure) {
      const { fields: fieldErrors, message } = splitServerError(failure, names);
      form.setFields(Object.entries(fieldErrors).map(([name, errors]) => ({ name, errors })));
      setServerMessage(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name={`${definition.name}-${mode}`}
      layout="vertical"
      // antd validates; the browser's own bubbles (type=email) would block submit before it could
      noValidate
      initialValues={initialValues}
      onValuesChange={() => setDirty(true)}
      onFinish={finish}
      style={{ maxWidth: 640 }}
    >
      <LeaveGuard dirty={dirtyRef} />
      {serverMessage && <Alert type="error" showIcon role="alert" title={serverMessage} style={{ marginBottom: 16 }} />}
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          rules={rulesFor(field)}
          required={field.required}
          extra={field.help}
          valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
        >
          {fieldInput(
            field.placeholderFor ? { ...field, placeholder: field.placeholderFor(initialValues, mode) } : field,
          )}
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting || busy}>
          {mode === 'create' ? `Create ${definition.singular.toLowerCase()}` : 'Save'}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Space>
    </Form>
  );
}
