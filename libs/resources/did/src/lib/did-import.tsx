import { CsvImport, type CsvRow, type ImportRowResult } from '@smsc/shared-ui';
import type { DidImportResult } from '@smsc/shared-contract';
import { useImportDidsMutation } from './did.api';

const COLUMNS = ['did', 'type', 'did_type', 'description', 'monthly_price'];
const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Sends the whole file as one CSV: POST /did/import takes it all or nothing, so every row shares the answer. */
export async function importDidRows(
  send: (csv: string) => Promise<DidImportResult>,
  rows: CsvRow[],
): Promise<{ results: ImportRowResult[] }> {
  const present = COLUMNS.filter((c) => rows.some((r) => c in r));
  const csv =
    [present.join(','), ...rows.map((r) => present.map((c) => quote(r[c] ?? '')).join(','))].join('\n') + '\n';
  const answer = await send(csv);
  const byLine = new Map(answer.lines.map((l) => [l.line, l.did]));
  return { results: rows.map((_, row) => ({ row, ok: byLine.has(row + 2), message: byLine.get(row + 2) })) };
}

/** import-did: a CSV with a `did` column (optional type, did_type, description, monthly_price). */
export function DidImport() {
  const [importCsv] = useImportDidsMutation();
  return (
    <CsvImport
      label="Import DIDs from CSV"
      requiredColumns={['did']}
      // one request for the whole file, so a bad line imports nothing
      chunkSize={100000}
      importRows={(rows) => importDidRows((csv) => importCsv(csv).unwrap(), rows)}
    />
  );
}
