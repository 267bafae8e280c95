import { useState } from 'react';
import { Alert, Button, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { describeApiError } from '@smsc/shared-api';
import { detectDelimiter, parseCsv } from '@smsc/shared-util';

export type CsvRow = Record<string, string>;

export interface ImportRowResult {
  /** index of the row within the chunk that was sent, from 0 */
  row: number;
  ok: boolean;
  message?: string;
}

export interface CsvImportProps {
  /** posts one chunk of rows; `offset` is the index of the chunk's first row in the file */
  importRows(rows: CsvRow[], offset: number): Promise<{ results: ImportRowResult[] }>;
  /** rows per request; 100 unless given */
  chunkSize?: number;
  /** header names the file must have */
  requiredColumns?: string[];
  label?: string;
  onFinished?(results: LineResult[]): void;
  /**
   * guesses which of the file's columns is which field (header → field name, null: not imported); the
   * person sees the guess and confirms it before anything is sent
   */
  mapColumns?(header: string[]): Record<string, string | null>;
}

/** One result in the table: `line` is the line in the file (the header is line 1). */
export interface LineResult {
  line: number;
  ok: boolean;
  message?: string;
}

function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** Rows of a CSV file keyed by its header line; `,`, `;` or tab separated (read from the header line). */
export function csvToRows(text: string): { header: string[]; rows: CsvRow[] } {
  const [header = [], ...body] = parseCsv(text, detectDelimiter(text));
  const names = header.map((h) => h.trim());
  return {
    header: names,
    rows: body.map((cells) => Object.fromEntries(names.map((n, i) => [n, (cells[i] ?? '').trim()]))),
  };
}

/** Rows renamed by a column mapping: mapped columns under their field name, unmapped ones left out. */
export function applyMapping(parsed: { header: string[]; rows: CsvRow[] }, mapping: Record<string, string | null>) {
  const kept = parsed.header.filter((h) => mapping[h]);
  return {
    header: kept.map((h) => mapping[h] as string),
    rows: parsed.rows.map((r) => Object.fromEntries(kept.map((h) => [mapping[h] as string, r[h] ?? '']))),
  };
}

/** Picks a CSV file, posts its rows in chunks with a progress bar, then lists the result of every row. */
export function CsvImport({
  importRows,
  chunkSize = 100,
  requiredColumns = [],
  label = 'Choose CSV file',
  onFinished,
  mapColumns,
}: CsvImportProps) {
  const [pending, setPending] = useState<{
    parsed: { header: string[]; rows: CsvRow[] };
    mapping: Record<string, string | null>;
  } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<LineResult[] | null>(null);

  const run = async (file: Blob) => {
    setFileError(null);
    setResults(null);
    let parsed: ReturnType<typeof csvToRows>;
    try {
      parsed = csvToRows(await readText(file));
    } catch (e) {
      setFileError(e instanceof Error ? e.message : 'The file could not be read');
      return;
    }
    if (mapColumns) return setPending({ parsed, mapping: mapColumns(parsed.header) });
    await send(parsed);
  };

  const send = async (parsed: { header: string[]; rows: CsvRow[] }) => {
    setPending(null);
    const missing = requiredColumns.filter((c) => !parsed.header.includes(c));
    if (missing.length) return setFileError(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    if (!parsed.rows.length) return setFileError('The file has no rows to import');

    const all: LineResult[] = [];
    setRunning(true);
    setProgress({ done: 0, total: parsed.rows.length });
    for (let offset = 0; offset < parsed.rows.length; offset += chunkSize) {
      const chunk = parsed.rows.slice(offset, offset + chunkSize);
      try {
        const { results: answer } = await importRows(chunk, offset);
        const byRow = new Map(answer.map((r) => [r.row, r]));
        chunk.forEach((_, i) => {
          const r = byRow.get(i);
          all.push({ line: offset + i + 2, ok: !!r?.ok, message: r ? r.message : 'No result returned for this row' });
        });
      } catch (failure) {
        const message = describeApiError(failure);
        chunk.forEach((_, i) => all.push({ line: offset + i + 2, ok: false, message }));
      }
      setProgress({ done: Math.min(offset + chunk.length, parsed.rows.length), total: parsed.rows.length });
    }
    setRunning(false);
    setResults(all);
    onFinished?.(all);
  };

  const failed = results?.filter((r) => !r.ok).length ?? 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        disabled={running}
        beforeUpload={(file) => {
          void run(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={running}>
          {label}
        </Button>
      </Upload>
      {fileError && <Alert type="error" showIcon role="alert" title={fileError} />}
      {pending && (
        <Alert
          type="info"
          showIcon
          data-testid="csv-mapping"
          title="Check the columns before importing"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {pending.parsed.header.map((h) => (
                <li key={h}>
                  {h} → {pending.mapping[h] ?? 'not imported'}
                </li>
              ))}
            </ul>
          }
          action={
            <Space orientation="vertical">
              <Button
                size="small"
                type="primary"
                onClick={() => void send(applyMapping(pending.parsed, pending.mapping))}
              >
                Import with these columns
              </Button>
              <Button size="small" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </Space>
          }
        />
      )}
      {progress && (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          status={running ? 'active' : failed ? 'exception' : 'success'}
          aria-label="Import progress"
          aria-valuenow={progress.done}
          aria-valuemax={progress.total}
        />
      )}
      {results && (
        <>
          <Typography.Text role="status">
            {results.length - failed} imported, {failed} failed
          </Typography.Text>
          <Table<LineResult>
            size="small"
            rowKey="line"
            dataSource={results}
            pagination={results.length > 50 ? { pageSize: 50 } : false}
            columns={[
              { key: 'line', dataIndex: 'line', title: 'Line', width: 80 },
              {
                key: 'ok',
                dataIndex: 'ok',
                title: 'Result',
                width: 100,
                render: (ok: boolean) => (ok ? <Tag color="success">Imported</Tag> : <Tag color="error">Failed</Tag>),
              },
              { key: 'message', dataIndex: 'message', title: 'Message' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
