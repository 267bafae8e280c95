import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { todayUtc } from './effective-day';
import type { RateImportPreview } from '@smsc/shared-contract';
import { readApiProblem, showToast } from '@smsc/shared-api';
import { CsvImport, Typography, type CsvRow, type ImportRowResult } from '@smsc/shared-ui';
import { type ImportMode, type RateOwner, useImportRatesMutation, usePreviewRatesMutation } from './rate.api';
import { ImportOptions, ImportPreview } from './rate-import-preview';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Sends the whole file as one CSV (the server imports every line or none) and turns its answer into
 * a result per line: the lines it names carry their problem, the others say they were held back
 * with the file. A problem with the file itself (its header, a 404) fails every line alike.
 */
export async function importRateRows(
  send: (csv: string) => Promise<{ imported: number }>,
  rows: CsvRow[],
  /** asked before sending (a re-import's preview): false keeps the file out */
  confirm?: (csv: string) => Promise<boolean>,
): Promise<{ results: ImportRowResult[] }> {
  const header = Object.keys(rows[0] ?? {});
  const csv = [header.join(','), ...rows.map((r) => header.map((c) => quote(r[c] ?? '')).join(','))].join('\n') + '\n';
  try {
    if (confirm && !(await confirm(csv)))
      return { results: rows.map((_, row) => ({ row, ok: false, message: 'Not imported: the import was cancelled' })) };
    await send(csv);
    return { results: rows.map((_, row) => ({ row, ok: true, message: 'Imported' })) };
  } catch (failure) {
    const errors = readApiProblem(failure).fields;
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
        return problem
          ? { row, ok: false, message: problem }
          : { row, ok: false, message: `Not imported: the file has errors on other lines${more}` };
      }),
    };
  }
}

// what vendor decks call the fields the import takes, by their header's words (case, units and spaces aside)
const FIELD_WORDS: [RegExp, string][] = [
  [/^(price|rate|cost|sell|buy|tariff)\b/, 'price'],
  [/^(mcc)$/, 'mcc'],
  [/^(mnc)$/, 'mnc'],
  [/^(code|prefix|dial ?code|destination ?code|country ?code|e164 ?prefix)$/, 'code'],
  [/^(mobile_network_uuid|network ?uuid)$/, 'mobile_network_uuid'],
  [/^(effective_from|effective ?(from|date)?|valid ?from|start ?date)$/, 'effective_from'],
];

/**
 * The import's field for each column of a vendor deck, guessed from its header ("Rate (USD)" → price,
 * "MCC" → mcc); a column named like nothing the import takes (Country, Network) is left out. Each field
 * is taken once, by the first column that names it.
 */
export function guessRateColumns(header: string[]): Record<string, string | null> {
  const taken = new Set<string>();
  const mapping: Record<string, string | null> = {};
  for (const h of header) {
    const words = h
      .toLowerCase()
      .replace(/\(.*?\)|\[.*?\]/g, '')
      .replace(/[^a-z0-9_ ]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const field = FIELD_WORDS.find(([re, f]) => re.test(words) && !taken.has(f))?.[1] ?? null;
    if (field) taken.add(field);
    mapping[h] = field;
  }
  return mapping;
}

/** A rate CSV import with progress and a result per line; `onImported` runs after a file went in. */
export function RateImport({ owner, onImported }: { owner: RateOwner; onImported?: (count: number) => void }) {
  const dispatch = useDispatch();
  const [importCsv] = useImportRatesMutation();
  const [previewCsv] = usePreviewRatesMutation();
  const [mode, setMode] = useState<ImportMode>('update');
  const [day, setDay] = useState(todayUtc);
  // the preview on screen and how the person answers it
  const [pending, setPending] = useState<{ diff: RateImportPreview; answer: (ok: boolean) => void } | null>(null);
  const confirm = async (csv: string) => {
    const diff = await previewCsv({ ...owner, csv, mode, effective_from: day }).unwrap();
    return new Promise<boolean>((answer) => setPending({ diff, answer }));
  };
  const answer = (ok: boolean) => {
    pending?.answer(ok);
    setPending(null);
  };
  return (
    <>
      <Typography.Paragraph type="secondary">
        Columns: a price (or rate) and a <code>code</code>, <code>mobile_network_uuid</code> or <code>mcc</code> +{' '}
        <code>mnc</code>; optional <code>effective_from</code> (YYYY-MM-DD or ISO 8601). Separated by commas, semicolons
        or tabs; a vendor&apos;s own headers (&quot;Rate (USD)&quot;, &quot;MCC&quot;) are matched and shown to you
        before anything is imported. You see what changes before it is applied. Every line is imported, or none when any
        line has a problem.
      </Typography.Paragraph>
      <ImportOptions mode={mode} onMode={setMode} day={day} onDay={setDay} />
      {pending && <ImportPreview diff={pending.diff} mode={mode} day={day} onAnswer={answer} />}
      <CsvImport
        label="Choose rate CSV"
        requiredColumns={['price']}
        mapColumns={guessRateColumns}
        // one request for the whole file, so a bad line imports nothing
        chunkSize={200_000}
        importRows={(rows) =>
          importRateRows((csv) => importCsv({ ...owner, csv, mode, effective_from: day }).unwrap(), rows, confirm)
        }
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
