import type { ChangeEvent } from 'react';
import { Card, Table, Typography } from '@smsc/shared-ui';
import { missingFields, parseCsvRecords, substitute } from '@smsc/shared-util';

export const PREVIEW_ROWS = 5;
const NUMBER_COLUMNS = ['number', 'phone', 'dnis', 'msisdn'];

/** The columns and first rows of a CSV (for the preview), or why it cannot be read. */
export function previewCsv(
  csv: string,
  text: string,
  rows = PREVIEW_ROWS,
  typed: Record<string, string> = {},
): { columns: string[]; messages: { number: string; text: string }[]; problem: string | null } {
  try {
    const [header, ...records] = parseCsvRecords(csv.replace(/^\uFEFF/, ''));
    const columns = header?.fields.map((f) => f.trim()) ?? [];
    const at = columns.findIndex((c) => NUMBER_COLUMNS.includes(c.toLowerCase()));
    if (at < 0)
      return { columns, messages: [], problem: 'The CSV needs a column named number (or phone, dnis, msisdn)' };
    const given = Object.keys(typed).filter((k) => typed[k]?.trim());
    const missing = missingFields(text, [...columns, 'number', ...given]);
    const messages = records
      .filter((r) => r.fields.some((f) => f.trim()))
      .slice(0, rows)
      .map((r) => ({
        number: r.fields[at] ?? '',
        text: substitute(text, {
          ...typed,
          number: r.fields[at] ?? '',
          ...Object.fromEntries(columns.map((c, i) => [c, r.fields[i] ?? ''])),
        }),
      }));
    return {
      columns,
      messages,
      problem: missing.length ? `The text uses {${missing.join('}, {')}} but the CSV has no such column` : null,
    };
  } catch (e) {
    return { columns: [], messages: [], problem: (e as Error).message };
  }
}

/** A file input's text (a CSV is read in the browser and sent as JSON). */
export async function readFileText(e: ChangeEvent<HTMLInputElement>): Promise<{ name: string; text: string } | null> {
  const file = e.target.files?.[0];
  return file ? { name: file.name, text: await file.text() } : null;
}

/** The first messages a CSV makes, shown before sending. */
export function CsvPreview({ preview }: { preview: ReturnType<typeof previewCsv> }) {
  return (
    <Card size="small" title={`Preview of the first ${preview.messages.length} messages`} style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">Columns: {preview.columns.join(', ')}</Typography.Text>
      <Table
        size="small"
        rowKey={(r) => `${r.number}-${r.text}`}
        pagination={false}
        dataSource={preview.messages}
        data-testid="substitute-preview"
        columns={[
          { key: 'n', title: 'Number', width: 160, dataIndex: 'number' },
          { key: 't', title: 'Message', width: 520, dataIndex: 'text' },
        ]}
      />
    </Card>
  );
}
