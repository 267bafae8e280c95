import { useDispatch } from 'react-redux';
import { showToast } from '@smsc/shared-api';
import { CsvImport, Typography, type CsvRow, type ImportRowResult } from '@smsc/shared-ui';
import { type RateOwner, useImportRatesMutation } from './rate.api';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Sends the whole file as one CSV (the server imports every line or none) and turns its answer into
 * a result per line: the lines it names carry their problem, the others say they were held back
 * with the file. A problem with the file itself (its header, a 404) fails every line alike.
 */
export async function importRateRows(send: (csv: string) => Promise<{ imported: number }>, rows: CsvRow[]): Promise<{ results: ImportRowResult[] }> {
  const header = Object.keys(rows[0] ?? {});
  const csv = [header.join(','), ...rows.map((r) => header.map((c) => quote(r[c] ?? '')).join(','))].join('\n') + '\n';
  try {
    await send(csv);
    return { results: rows.map((_, row) => ({ row, ok: true, message: 'Imported' })) };
  } catch (failure) {
    const errors = (failure as { data?: { errors?: Record<string, string> } }).data?.errors;
    const byLine = new Map<number, string>();
    for (const [key, message] of Object.entries(errors ?? {})) {
      const m = /^line (\d+)/.exec(key);
      if (m && Number(m[1]) >= 2) byLine.set(Number(m[1]), `${key.slice(m[0].length).trim()} ${message}`.trim());
    }
    if (!byLine.size) throw failure;
    const more = errors?.['more'] ? ` (${errors['more']})` : '';
    return {
      results: rows.map((_, row) => {
        const problem = byLine.get(row + 2);
        return problem ? { row, ok: false, message: problem } : { row, ok: false, message: `Not imported: the file has errors on other lines${more}` };
      }),
    };
  }
}

/** A rate CSV import with progress and a result per line; `onImported` runs after a file went in. */
export function RateImport({ owner, onImported }: { owner: RateOwner; onImported?: (count: number) => void }) {
  const dispatch = useDispatch();
  const [importCsv] = useImportRatesMutation();
  return (
    <>
      <Typography.Paragraph type="secondary">
        CSV columns: <code>price</code> and <code>code</code>, <code>mobile_network_uuid</code> or <code>mcc</code> + <code>mnc</code>; optional{' '}
        <code>effective_from</code> (YYYY-MM-DD or ISO 8601). Every line is imported, or none when any line has a problem. An exported file imports back as it is.
      </Typography.Paragraph>
      <CsvImport
        label="Choose rate CSV"
        requiredColumns={['price']}
        // one request for the whole file, so a bad line imports nothing
        chunkSize={200_000}
        importRows={(rows) => importRateRows((csv) => importCsv({ ...owner, csv }).unwrap(), rows)}
        onFinished={(results) => {
          const ok = results.filter((r) => r.ok).length;
          if (ok) {
            dispatch(showToast('success', `Imported ${ok.toLocaleString('en')} rate${ok === 1 ? '' : 's'}`));
            onImported?.(ok);
          } else dispatch(showToast('error', 'Nothing was imported: see the lines below'));
        }}
      />
    </>
  );
}
