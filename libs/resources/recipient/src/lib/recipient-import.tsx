import { CsvImport, type CsvRow, type ImportRowResult } from '@smsc/shared-ui';
import { showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { RECIPIENT_CSV_COLUMNS, type RecipientImportResult } from '@smsc/shared-contract';
import { useImportRecipientsMutation } from './recipient.api';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The whole file in one call (POST /recipient/import takes all or nothing), so every row shares the answer. */
export async function importRecipientRows(
  send: (csv: string) => Promise<RecipientImportResult>,
  rows: CsvRow[],
): Promise<{ results: ImportRowResult[] }> {
  const csv =
    [
      RECIPIENT_CSV_COLUMNS.join(','),
      ...rows.map((r) => RECIPIENT_CSV_COLUMNS.map((c) => quote(r[c] ?? '')).join(',')),
    ].join('\n') + '\n';
  const answer = await send(csv);
  const byLine = new Map(answer.lines.map((l) => [l.line, l.number]));
  return { results: rows.map((_, row) => ({ row, ok: byLine.has(row + 2), message: byLine.get(row + 2) })) };
}

/** recipients/import: a CSV with recipient_name and number columns. */
export function RecipientImport() {
  const [importCsv] = useImportRecipientsMutation();
  const dispatch = useAppDispatch();
  return (
    <CsvImport
      label="Import recipients from CSV"
      requiredColumns={[...RECIPIENT_CSV_COLUMNS]}
      // one request for the whole file, so a bad line imports nothing
      chunkSize={100000}
      importRows={(rows) => importRecipientRows((csv) => importCsv(csv).unwrap(), rows)}
      onFinished={(lines) => {
        const failed = lines.filter((l) => !l.ok).length;
        dispatch(
          failed
            ? showToast('error', `Nothing was imported: ${failed} line${failed > 1 ? 's' : ''} failed`)
            : showToast('success', `${lines.length} recipients imported`),
        );
      }}
    />
  );
}
