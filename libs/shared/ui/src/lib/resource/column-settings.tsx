import { useId, useState } from 'react';
import { Button, Card, Checkbox } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { ResourceColumn } from './types';

interface Props<T> {
  columns: ResourceColumn<T>[];
  hidden: string[];
  onChange(hidden: string[]): void;
}

/** A disclosure button and a checkbox per column: checked columns are shown. */
export function ColumnSettings<T>({ columns, hidden, onChange }: Props<T>) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const all = columns.map((c) => c.key);
  return (
    <>
      <Button icon={<EyeOutlined />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Columns
      </Button>
      {open && (
        <Card
          id={panelId}
          size="small"
          role="group"
          aria-label="Visible columns"
          style={{ position: 'absolute', zIndex: 10, right: 0, top: 40 }}
        >
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column' }}
            value={all.filter((k) => !hidden.includes(k))}
            options={columns.map((c) => ({ label: c.title, value: c.key }))}
            onChange={(shown) => onChange(all.filter((k) => !(shown as string[]).includes(k)))}
          />
        </Card>
      )}
    </>
  );
}
