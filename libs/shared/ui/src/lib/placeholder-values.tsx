import type { ReactNode } from 'react';
import { Alert, Input, theme } from 'antd';
import { fillText, placeholders } from '@smsc/shared-util';

export interface PlaceholderState {
  /** every placeholder of the text, each once */
  names: string[];
  /** those the person types a value for (not filled by the recipient or the file) */
  asked: string[];
  /** the text as the first recipient gets it */
  preview: string;
  /** placeholders still without a value: the send is refused until they have one */
  missing: string[];
  /** the typed values worth sending (blank ones left out) */
  typed: Record<string, string>;
}

/**
 * What a message's placeholders need: `known` are the values the recipient brings (its number, its
 * name: the first recipient's, for the preview), `columns` those each row of a file brings.
 */
export function placeholderState(
  text: string,
  known: Record<string, string | undefined>,
  values: Record<string, string>,
  columns: string[] = [],
): PlaceholderState {
  const names = placeholders(text);
  const fromSource = new Set([...Object.keys(known).filter((k) => known[k] !== undefined), ...columns]);
  const asked = names.filter((n) => !fromSource.has(n));
  const typed = Object.fromEntries(Object.entries(values).filter(([k, v]) => asked.includes(k) && v.trim()));
  const sample: Record<string, string> = { ...typed };
  for (const [k, v] of Object.entries(known)) if (v !== undefined) sample[k] = v;
  for (const c of columns) sample[c] ??= `‹${c}›`;
  const filled = fillText(text, sample);
  return { names, asked, preview: filled.text, missing: filled.missing, typed };
}

export interface PlaceholderFieldsProps {
  /** prefix of the inputs' ids */
  idPrefix: string;
  state: PlaceholderState;
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
  /** where the other placeholders' values come from, in words ("the recipient", "each row of the file") */
  sourceNote?: ReactNode;
  /** figures of the final text (parts, price), shown under the preview */
  figures?: ReactNode;
}

/** A value field per placeholder the recipient does not fill, the final text, and what is still missing. */
export function PlaceholderFields({ idPrefix, state, values, onChange, sourceNote, figures }: PlaceholderFieldsProps) {
  const { token } = theme.useToken();
  if (!state.names.length) return null;
  return (
    <section
      aria-label="Placeholders"
      data-testid={`${idPrefix}-placeholders`}
      style={{ marginBottom: token.marginLG }}
    >
      {state.asked.map((name) => (
        <div key={name} style={{ marginBottom: token.margin }}>
          <label htmlFor={`${idPrefix}-value-${name}`} style={{ display: 'block', paddingBottom: token.paddingXS }}>
            Value for {`{${name}}`}
          </label>
          <Input
            id={`${idPrefix}-value-${name}`}
            value={values[name] ?? ''}
            maxLength={500}
            status={state.missing.includes(name) ? 'warning' : undefined}
            onChange={(e) => onChange({ ...values, [name]: e.target.value })}
          />
        </div>
      ))}
      {sourceNote && (
        <div style={{ color: token.colorTextDescription, marginBottom: token.marginXS }}>{sourceNote}</div>
      )}
      <div style={{ color: token.colorTextHeading }}>Preview</div>
      <div
        data-testid={`${idPrefix}-preview`}
        aria-live="polite"
        style={{
          whiteSpace: 'pre-wrap',
          padding: token.paddingXS,
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
        }}
      >
        {state.preview}
      </div>
      {figures}
      {state.missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginTop: token.marginXS }}
          title={`Give a value for ${state.missing.map((m) => `{${m}}`).join(', ')} before sending`}
        />
      )}
    </section>
  );
}
