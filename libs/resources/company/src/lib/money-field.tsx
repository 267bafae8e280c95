import type { ReactNode } from 'react';
import { Form, Input } from '@smsc/shared-ui';

/**
 * An amount of money typed as text (never a float): the label names the currency, the rule the decimals
 * the amount may carry. Optional fields say what empty means in their placeholder ("no limit").
 */
export function MoneyField(props: {
  name: string;
  label: string;
  currency: string;
  /** decimals allowed: 2 for what a card is charged, 6 for limits kept in micro-units */
  digits: 2 | 6;
  /** the message when empty; without it the field may be left empty */
  required?: string;
  placeholder?: string;
  extra?: ReactNode;
}) {
  const example = props.digits === 2 ? '20.00' : '100.00';
  const pattern = new RegExp(`^\\s*\\d+(\\.\\d{1,${props.digits}})?\\s*$`);
  const rules = [
    ...(props.required ? [{ required: true, message: props.required }] : []),
    {
      pattern,
      message: props.required
        ? `Enter an amount such as ${example}`
        : `Enter an amount such as ${example}, or leave empty`,
    },
  ];
  return (
    <Form.Item name={props.name} label={`${props.label} (${props.currency})`} extra={props.extra} rules={rules}>
      <Input inputMode="decimal" placeholder={props.placeholder} autoComplete="off" />
    </Form.Item>
  );
}
