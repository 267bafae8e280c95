import { useEffect, useRef } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { withZone } from '@smsc/shared-util';
import { filterKeys, type FilterValues } from './use-list-params';
import type { ResourceColumn, SearchKind } from './types';
import { DateInput } from './date-time-input';

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

/** Filters as the URL will hold them (trimmed text, no empty fields), in column order, as one string. */
function canonical(columns: { key: string; search?: SearchKind }[], values: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(
      columns.flatMap(filterKeys).flatMap((key) => {
        const raw = values[key];
        const text = raw === undefined || raw === null ? '' : String(raw).trim();
        return text ? [[key, text]] : [];
      }),
    ),
  );
}

/** A day range's two fields, the zone named: the days are the account's, whatever the browser's clock says. */
function DayRangeFields({ col }: { col: { key: string; title: string; search?: SearchKind } }) {
  const [from, to] = filterKeys(col);
  return (
    <>
      <Form.Item name={from} label={withZone(`${col.title} from`)}>
        <DateInput placeholder="First day" />
      </Form.Item>
      <Form.Item name={to} label="to">
        <DateInput placeholder="Last day" />
      </Form.Item>
    </>
  );
}

/** The search form a list's columns describe; its values live in the URL, not in the form. */
export function SearchForm<T>({ name, columns, values, onSearch }: Props<T>) {
  const [form] = Form.useForm();
  const searchable = columns.filter((c) => c.search);

  // Back/forward or a shared link changes the URL: show what it says. Keyed by content, so a
  // re-render with equal values does not wipe what the user is typing; and a URL change this form
  // made itself (Search, Reset) leaves the fields alone: what was typed since must not be lost.
  const shown = canonical(searchable, values);
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    const own = submitted.current;
    submitted.current = null;
    if (own === shown) return;
    form.resetFields();
    form.setFieldsValue(JSON.parse(shown));
  }, [form, shown]);
  const search = (v: FilterValues) => {
    submitted.current = canonical(searchable, v);
    onSearch(v);
  };

  if (!searchable.length) return null;
  return (
    <Form
      form={form}
      name={`${name}-search`}
      layout="inline"
      role="search"
      aria-label="Search"
      onFinish={(v: FilterValues) => search(v)}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {searchable.map((col) =>
        col.search === 'days' ? (
          <DayRangeFields key={col.key} col={col} />
        ) : (
          <Form.Item key={col.key} name={String(col.key)} label={col.title}>
            {col.search === 'text' ? (
              // no clear icon: it is a 12 px target (WCAG 2.5.8); Reset clears the form
              <Input style={{ width: 180 }} />
            ) : (
              <Select
                allowClear
                style={{ width: 160 }}
                options={
                  col.search === 'boolean'
                    ? BOOLEAN_OPTIONS
                    : col.options?.map((o) => ({ ...o, value: String(o.value) }))
                }
              />
            )}
          </Form.Item>
        ),
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            Search
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            Reset
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
