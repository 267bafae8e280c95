import { useEffect, useState } from 'react';
import { Input, InputNumber, Select, Switch, type FormRule, type SelectProps } from 'antd';
import type { FormFieldDef } from './types';
import { DateTimeInput, DateInput } from './date-time-input';
import { lookupSelectProps } from '../lookup-select';

type SearchSelectProps = Omit<SelectProps, 'options'> & {
  useSearchOptions: NonNullable<FormFieldDef['useSearchOptions']>;
};

interface WordedSwitchProps {
  id?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  words: [off: string, on: string];
}

/**
 * A switch with its state's word beside it: antd's words inside the track are white on the off track's light grey
 * (about 2:1, under WCAG's 4.5:1), so the word sits outside in the page's text colour. The switch keeps the field's
 * label as its name; the word repeats aria-checked for the eye only.
 */
function WordedSwitch({ id, checked, onChange, words }: WordedSwitchProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Switch id={id} checked={checked} onChange={onChange} />
      <span aria-hidden="true">{checked ? words[1] : words[0]}</span>
    </span>
  );
}

/** Waits until typing pauses before the server is asked (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 250;

/** A select that asks the server for the choices matching what is typed; Form.Item's id/value/onChange pass through. */
export function SearchSelect({ useSearchOptions, value, ...rest }: SearchSelectProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const { options, loading } = useSearchOptions(search, value);
  return (
    <Select
      {...rest}
      value={value}
      options={options}
      loading={loading}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={loading ? 'Searching…' : search ? `Nothing matches "${search}"` : 'Type to search'}
    />
  );
}

type LoadedSelectProps = Omit<SelectProps, 'options'> & {
  useOptions: NonNullable<FormFieldDef['useOptions']>;
};

/** A select whose choices come from a hook (an API list); Form.Item's id/value/onChange pass through. */
function LoadedSelect({ useOptions, ...rest }: LoadedSelectProps) {
  return <Select {...rest} {...lookupSelectProps(useOptions())} showSearch={{ optionFilterProp: 'label' }} />;
}

/** The rules a field definition implies, followed by its own extra rules. */
export function rulesFor(field: FormFieldDef): FormRule[] {
  const rules: FormRule[] = [];
  if (field.required && field.kind !== 'switch') rules.push({ required: true, message: `${field.label} is required` });
  if (field.kind === 'email') rules.push({ type: 'email', message: `${field.label} must be a valid email address` });
  if (field.maxLength !== undefined)
    rules.push({ max: field.maxLength, message: `${field.label} must be at most ${field.maxLength} characters` });
  if (field.kind === 'number' && (field.min !== undefined || field.max !== undefined)) {
    const range =
      field.min !== undefined && field.max !== undefined
        ? `between ${field.min} and ${field.max}`
        : field.min !== undefined
          ? `at least ${field.min}`
          : `at most ${field.max}`;
    rules.push({ type: 'number', min: field.min, max: field.max, message: `${field.label} must be ${range}` });
  } else if (field.min !== undefined) {
    rules.push({ min: field.min, message: `${field.label} must be at least ${field.min} characters` });
  }
  return [...rules, ...(field.rules ?? [])];
}

/**
 * The input a field kind calls for. A plain function, not a component: Form.Item hands id, value and
 * onChange to its direct child, so the child must be the antd input itself.
 */
export function fieldInput(field: FormFieldDef) {
  switch (field.kind) {
    case 'password':
      return <Input.Password autoComplete={field.autoComplete ?? 'new-password'} placeholder={field.placeholder} />;
    case 'email':
      return <Input type="email" autoComplete={field.autoComplete ?? 'email'} placeholder={field.placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={field.placeholder} />;
    case 'select':
      if (field.useSearchOptions)
        return (
          <SearchSelect
            useSearchOptions={field.useSearchOptions}
            placeholder={field.placeholder}
            allowClear={!field.required}
          />
        );
      return field.useOptions ? (
        <LoadedSelect useOptions={field.useOptions} placeholder={field.placeholder} allowClear={!field.required} />
      ) : (
        <Select options={field.options} placeholder={field.placeholder} allowClear={!field.required} />
      );
    case 'switch':
      return field.switchLabels ? <WordedSwitch words={field.switchLabels} /> : <Switch />;
    case 'textarea':
      return <Input.TextArea rows={4} placeholder={field.placeholder} />;
    case 'datetime':
      return <DateTimeInput placeholder={field.placeholder} />;
    case 'date':
      return <DateInput placeholder={field.placeholder} />;
    default:
      return <Input autoComplete={field.autoComplete} placeholder={field.placeholder} readOnly={field.readOnly} />;
  }
}
