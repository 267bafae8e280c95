import dayjs from 'dayjs';
import { EFFECTIVE_DAY_LABEL } from './effective-day';
import type { RateImportPreview } from '@smsc/shared-contract';
import { Alert, Button, DatePicker, Flex, Radio, Table, Typography } from '@smsc/shared-ui';
import type { ImportMode } from './rate.api';

/** How a file meets the rates already there, and from which day its prices apply. */
export function ImportOptions(props: {
  mode: ImportMode;
  onMode: (m: ImportMode) => void;
  day: string;
  onDay: (d: string) => void;
}) {
  return (
    <Flex gap="middle" wrap align="center" style={{ marginBottom: 12 }}>
      <div role="group" aria-label="Import mode">
        <Radio.Group
          value={props.mode}
          onChange={(e) => props.onMode(e.target.value)}
          options={[
            { value: 'update', label: 'Update (add and change)' },
            { value: 'replace', label: 'Replace the deck' },
          ]}
        />
      </div>
      <label>
        {EFFECTIVE_DAY_LABEL}{' '}
        <DatePicker
          aria-label="Effective from"
          allowClear={false}
          value={dayjs(props.day)}
          onChange={(v) => v && props.onDay(v.format('YYYY-MM-DD'))}
        />
      </label>
    </Flex>
  );
}

type Row = RateImportPreview['samples']['added'][number] & { change: string };
const columns = [
  { title: 'Change', dataIndex: 'change' },
  { title: 'Code or network', render: (_: unknown, r: Row) => r.code ?? r.mobile_network_uuid },
  { title: 'Country', dataIndex: 'country_name' },
  { title: 'Old price', dataIndex: 'old_price' },
  { title: 'New price', dataIndex: 'new_price' },
];

/** What the import will change, shown before it is applied: counts and the first rows of each kind. */
export function ImportPreview({
  diff,
  mode,
  day,
  onAnswer,
}: {
  diff: RateImportPreview;
  mode: ImportMode;
  day: string;
  onAnswer: (apply: boolean) => void;
}) {
  const rows: Row[] = [
    ...diff.samples.added.map((r) => ({ ...r, change: 'New' })),
    ...diff.samples.changed.map((r) => ({ ...r, change: 'Changed' })),
    ...diff.samples.removed.map((r) => ({ ...r, change: 'Removed' })),
  ];
  return (
    <section aria-label="Import preview" style={{ marginBottom: 12 }}>
      <Alert
        type="info"
        showIcon
        title={`${mode === 'replace' ? 'Replace the deck' : 'Update'} from ${day}: ${diff.added} new, ${diff.changed} changed, ${diff.removed} removed, ${diff.unchanged} unchanged`}
        description={
          mode === 'replace' && diff.removed
            ? 'Removed rates are deleted when you apply; new and changed prices apply from the date.'
            : 'New and changed prices apply from the date; until then the current prices stay in effect.'
        }
      />
      {rows.length > 0 && (
        <>
          <Typography.Text type="secondary">The first rows of each change:</Typography.Text>
          <Table<Row>
            size="small"
            pagination={false}
            rowKey={(r) => `${r.change}-${r.code ?? r.mobile_network_uuid}`}
            columns={columns}
            dataSource={rows}
          />
        </>
      )}
      <Flex gap="small" style={{ marginTop: 8 }}>
        <Button type="primary" onClick={() => onAnswer(true)}>
          Apply
        </Button>
        <Button onClick={() => onAnswer(false)}>Cancel</Button>
      </Flex>
    </section>
  );
}
