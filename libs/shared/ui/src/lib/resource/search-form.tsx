import { useEffect } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { FilterValues } from './use-list-params';
import type { ResourceColumn } from './types';

interface Props<T> {
  name: string;
  columns: ResourceColumn<T>[];
  values: FilterValues;
  onSearch(values: FilterValues): void;
}

const BOOLEAN_OPTIONS = [
  { label: 'Yes', value: 'true' },
  { label: 'No', value: 'false' },
];

function toFormValues(values: FilterValues): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
}

/** The search form a list's columns describe; its values live in the URL, not in the form. */
export function SearchForm<T>({ name, columns, values, onSearch }: Props<T>) {
  const [form] = Form.useForm();
  const searchable = columns.filter((c) => c.search);

  // Back/forward or a shared link changes the URL: show what it says. Keyed by content, so a
  // re-render with equal values does not wipe what the user is typing.
  const shown = JSON.stringify(toFormValues(values));
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(JSON.parse(shown));
  }, [form, shown]);

  if (!searchable.length) return null;
  return (
    <Form
      form={form}
      name={`${name}-search`}
      layout="inline"
      role="search"
      aria-label="Search"
      onFinish={(v: FilterValues) => onSearch(v)}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {searchable.map((col) => (
        <Form.Item key={col.key} name={String(col.key)} label={col.title}>
          {col.search === 'text' ? (
            // no clear icon: it is a 12 px target (WCAG 2.5.8); Reset clears the form
            <Input style={{ width: 180 }} />
          ) : (
            <Select
              allowClear
              style={{ width: 160 }}
              options={col.search === 'boolean' ? BOOLEAN_OPTIONS : col.options?.map((o) => ({ ...o, value: String(o.value) }))}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            Search
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            Reset
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
