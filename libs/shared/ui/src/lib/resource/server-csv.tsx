import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { API_BASE, readApiProblem, showToast } from '@smsc/shared-api';
import { useAppDispatch, useAppSelector } from '@smsc/shared-session';
import { downloadBlob } from './download';

/** A call that streams its own CSV (format=csv): the server writes every row, the browser only saves the file. */
export interface ServerCsv {
  /** the call's path below the API prefix, e.g. '/sms/list' */
  path: string;
  /** the current filters; empty ones are left out */
  params: Record<string, string | number | boolean | undefined>;
  fileName: string;
}

/** The address of a server CSV: the filters plus format=csv, nothing empty. */
export function serverCsvUrl(csv: Pick<ServerCsv, 'path' | 'params'>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(csv.params)) if (v !== undefined && v !== '') query.set(k, String(v));
  query.set('format', 'csv');
  return `${API_BASE}${csv.path}?${query}`;
}

/** Fetches a server CSV with the session's token; a refused export throws the server's message. */
export async function fetchServerCsv(
  csv: Pick<ServerCsv, 'path' | 'params'>,
  token: string | null | undefined,
  signal?: AbortSignal,
): Promise<Blob> {
  const res = await fetch(serverCsvUrl(csv), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new Error(readApiProblem(body).detail ?? `The export failed (${res.status})`);
  }
  return res.blob();
}

/**
 * "Export CSV" through the server's streamed CSV of the current filters: no page-by-page reading and
 * no row limit in the browser. Cancel drops the download, and the server stops its query with it.
 */
export function ServerCsvButton({ csv, disabled }: { csv: () => ServerCsv; disabled?: boolean }) {
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const [running, setRunning] = useState<AbortController | null>(null);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    current.current = controller;
    setRunning(controller);
    const file = csv();
    try {
      downloadBlob(file.fileName, await fetchServerCsv(file, token, controller.signal));
      dispatch(showToast('success', `Exported ${file.fileName}`));
    } catch (e) {
      if (!controller.signal.aborted) dispatch(showToast('error', (e as Error).message));
    } finally {
      if (current.current === controller) current.current = null;
      setRunning(null);
    }
  };

  if (!running) {
    return (
      <Button icon={<DownloadOutlined />} onClick={start} disabled={disabled}>
        Export CSV
      </Button>
    );
  }
  return (
    <Space>
      <Button icon={<DownloadOutlined />} loading disabled>
        Exporting
      </Button>
      <span role="status" aria-live="polite">
        Preparing the file…
      </span>
      <Button onClick={() => running.abort()}>Cancel export</Button>
    </Space>
  );
}
