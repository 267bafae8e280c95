import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Input, theme } from '@smsc/shared-ui/core';

/**
 * The forms of the public pages and the sign-in's second step. antd's Form would bring its field
 * store, async-validator, Tooltip, Trigger and the grid (about 25 KB gzip and 86 KB of inline CSS on
 * every prerendered page) to /login for a handful of text fields, so these are drawn here with antd's
 * Input and Button and the theme's tokens, in antd's vertical layout.
 */

/** A check on one field: the message to show, or null when the value passes. */
export type Check = (value: string, values: Readonly<Record<string, string>>) => string | null;

export const required =
  (message: string): Check =>
  (value) =>
    value.trim() ? null : message;
// the server checks the address properly; this only catches a typo before the round trip
export const email =
  (message: string): Check =>
  (value) =>
    !value || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : message;
export const minLength =
  (min: number, message: string): Check =>
  (value) =>
    !value || value.length >= min ? null : message;
export const matches =
  (pattern: RegExp, message: string): Check =>
  (value) =>
    !value || pattern.test(value.trim()) ? null : message;
/** the "repeat it" check: equal to the field named `field` */
export const sameAs =
  (field: string, message: string): Check =>
  (value, values) =>
    !value || value === values[field] ? null : message;

export interface FieldSpec {
  name: string;
  label: string;
  checks: Check[];
  password?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
  spellCheck?: boolean;
  /** the field this one repeats (its sameAs check): checked again when that one changes */
  dependsOn?: string;
}

export interface PublicFormHandle {
  /** the field names, for what was typed before hydration (early-submit) */
  readonly names: string[];
  setValues(values: Record<string, string>): void;
  /** checks every field and sends the form when all pass */
  submit(): void;
  /** empties one field (a wrong code) */
  clear(name: string): void;
}

function firstError(spec: FieldSpec, values: Record<string, string>): string | null {
  for (const check of spec.checks) {
    const message = check(values[spec.name] ?? '', values);
    if (message) return message;
  }
  return null;
}

/**
 * A form's values and errors. A field is checked on each change (as antd does) and all of them on
 * submit; a field that repeats another is checked again when that one changes.
 */
export function usePublicForm(fields: FieldSpec[], onValid: (values: Record<string, string>) => void) {
  const [values, setValuesState] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  // the latest values for submit(), which early-submit may call in the same tick as setValues()
  const latest = useRef(values);
  const onValidRef = useRef(onValid);
  onValidRef.current = onValid;

  const recheck = useCallback(
    (next: Record<string, string>, names: string[]) => {
      setErrors((prev) => {
        const out = { ...prev };
        for (const spec of fields) if (names.includes(spec.name)) out[spec.name] = firstError(spec, next);
        return out;
      });
    },
    [fields],
  );

  const change = useCallback(
    (name: string, value: string) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValuesState(next);
      // the field itself, and a filled-in field that repeats this one
      const dependents = fields.filter((f) => f.dependsOn === name && next[f.name]).map((f) => f.name);
      recheck(next, [name, ...dependents]);
    },
    [fields, recheck],
  );

  const handle = useMemo<PublicFormHandle>(
    () => ({
      names: fields.map((f) => f.name),
      setValues(given) {
        const next = { ...latest.current, ...given };
        latest.current = next;
        setValuesState(next);
      },
      submit() {
        const current = latest.current;
        const found = Object.fromEntries(fields.map((f) => [f.name, firstError(f, current)]));
        setErrors(found);
        const invalid = fields.find((f) => found[f.name]);
        // the first field in error gets the focus, as a screen reader user needs to find it
        if (invalid) document.getElementById(invalid.name)?.focus();
        else onValidRef.current(current);
      },
      clear(name) {
        const next = { ...latest.current, [name]: '' };
        latest.current = next;
        setValuesState(next);
      },
    }),
    [fields],
  );

  return { values, errors, change, handle };
}

type FormState = ReturnType<typeof usePublicForm>;

/** One labelled field, its error below it (announced, and tied to the input by aria-describedby). */
function Field({ spec, form }: { spec: FieldSpec; form: FormState }) {
  const { token } = theme.useToken();
  const error = form.errors[spec.name];
  const helpId = `${spec.name}_help`;
  const props = {
    id: spec.name,
    name: spec.name,
    value: form.values[spec.name] ?? '',
    onChange: (e: { target: { value: string } }) => form.change(spec.name, e.target.value),
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': true,
    'aria-describedby': error ? helpId : undefined,
    autoComplete: spec.autoComplete,
    autoFocus: spec.autoFocus,
    maxLength: spec.maxLength,
    inputMode: spec.inputMode,
    spellCheck: spec.spellCheck,
  };
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <label
        htmlFor={spec.name}
        style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {spec.label}
      </label>
      {spec.password ? <Input.Password {...props} /> : <Input {...props} />}
      {error ? (
        <div
          id={helpId}
          role="alert"
          style={{ color: token.colorError, minHeight: token.marginLG, lineHeight: token.lineHeight }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The fields, then one full-width submit button. */
export function PublicForm({
  fields,
  form,
  submitLabel,
  loading,
  disabled,
  children,
}: {
  fields: FieldSpec[];
  form: FormState;
  submitLabel: string;
  loading?: boolean;
  disabled?: boolean;
  /** between the fields and the button */
  children?: ReactNode;
}) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    form.handle.submit();
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      {fields.map((spec) => (
        <Field key={spec.name} spec={spec} form={form} />
      ))}
      {children}
      <Button type="primary" htmlType="submit" block loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </form>
  );
}
