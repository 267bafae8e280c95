import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { ListQueryArg, ListResult, ResourceColumn } from './types';
import { rowsCsv } from './csv-values';
import { downloadText } from './download';
import { zonedDay } from '@smsc/shared-util';

export { rowsCsv };

/** Rows asked for per call while exporting: well under the server's per_page cap, a few hundred KB each. */
export const EXPORT_PAGE_SIZE = 1000;
/** More rows than this do not belong in a browser download; the person is asked to narrow the filter. */
export const EXPORT_ROW_LIMIT = 100_000;

export interface CollectOptions<T> {
  /** the list's current argument: its filters and order are kept, its paging is replaced */
  queryArg: ListQueryArg;
  /** the rows on screen and the total the server reported for the current filter */
  rows: T[];
  total: number;
  fetchPage?(arg: ListQueryArg): Promise<ListResult<T>>;
  idOf(row: T): string;
  signal?: AbortSignal;
  onProgress?(done: number, pages: number): void;
  pageSize?: number;
  limit?: number;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * Every row of the current filter, in the current order. When the page on screen already holds
 * them all nothing is fetched; otherwise pages are read one after another. A row that moves
 * between pages while reading (someone else saved) is kept once.
 */
export async function collectRows<T>(o: CollectOptions<T>): Promise<{ rows: T[]; truncated: boolean }> {
  const limit = o.limit ?? EXPORT_ROW_LIMIT;
  const pageSize = o.pageSize ?? EXPORT_PAGE_SIZE;
  if (!o.fetchPage || (o.queryArg.page === 0 && o.rows.length >= o.total)) {
    return { rows: o.rows.slice(0, limit), truncated: o.rows.length > limit };
  }
  // Cancel answers at once, without waiting for the page being read.
  const cancelled = new Promise<never>((_, reject) =>
    o.signal?.addEventListener('abort', () => reject(new ExportCancelled()), { once: true }),
  );
  cancelled.catch(() => undefined);
  const seen = new Set<string>();
  const out: T[] = [];
  let total = o.total;
  for (let page = 0; page * pageSize < Math.min(total, limit); page++) {
    if (o.signal?.aborted) throw new ExportCancelled();
    const answer = await Promise.race([o.fetchPage({ ...o.queryArg, page, per_page: pageSize }), cancelled]);
    // the server's newest count decides how far to read (rows may have been added or deleted)
    total = answer.total;
    for (const row of answer.items) {
      const id = o.idOf(row);
      if (!seen.has(id)) {
        seen.add(id);
        out.push(row);
      }
    }
    o.onProgress?.(page + 1, Math.ceil(Math.min(total, limit) / pageSize));
    if (answer.items.length < pageSize) break;
  }
  return { rows: out.slice(0, limit), truncated: total > limit };
}

export interface CsvExportButtonProps<T> extends Omit<CollectOptions<T>, 'signal' | 'onProgress'> {
  /** the resource's machine name (file name) and plural title (messages) */
  name: string;
  title: string;
  columns: ResourceColumn<T>[];
  /** while the list is loading the rows on screen may belong to the previous search */
  disabled?: boolean;
  /** called with the CSV text and the exported rows (tests, analytics) instead of nothing */
  onExported?(csv: string, rows: T[]): void;
}

/** "Export CSV": every row of the current filter and order, with progress and Cancel while pages are read. */
export function CsvExportButton<T>(props: CsvExportButtonProps<T>) {
  const { name, title, columns, disabled, onExported, ...source } = props;
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<{ done: number; pages: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, pages: 0 });
    try {
      const { rows, truncated } = await collectRows({
        ...source,
        signal: controller.signal,
        onProgress: (done, pages) => setProgress({ done, pages }),
      });
      const csv = rowsCsv(columns, rows);
      downloadText(`${name}-${zonedDay(new Date())}.csv`, csv);
      onExported?.(csv, rows);
      const count = `${rows.length.toLocaleString('en-US')} ${title.toLowerCase()}`;
      dispatch(
        truncated
          ? showToast('warning', `Exported the first ${count}; narrow the search to export the rest`)
          : showToast('success', `Exported ${count}`),
      );
    } catch (e) {
      if (!(e instanceof ExportCancelled)) dispatch(showToast('error', describeApiError(e)));
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  if (!progress) {
    return (
      <Button icon={<DownloadOutlined />} onClick={start} disabled={disabled}>
        Export CSV
      </Button>
    );
  }
  const percent = progress.pages ? Math.round((progress.done / progress.pages) * 100) : 0;
  return (
    <Space>
      <Button icon={<DownloadOutlined />} loading disabled>
        Exporting
      </Button>
      <span role="status" aria-live="polite">
        {progress.pages ? `${percent}% (${progress.done} of ${progress.pages} pages)` : 'Preparing…'}
      </span>
      <Button onClick={() => running.current?.abort()}>Cancel export</Button>
    </Space>
  );
}
