import { useState } from 'react';
import { Button, DownloadOutlined } from '@smsc/shared-ui';
import { API_BASE, showToast } from '@smsc/shared-api';
import { useAppDispatch, useAppSelector } from '@smsc/shared-session';
import { cleanParams, type ReportParams } from './report.api';

/**
 * Fetches the server's streamed CSV of a call (format=csv) with the session's token and saves it.
 * The server writes every row (no paging in the browser); this button only carries the file over.
 */
export async function fetchCsv(path: string, params: ReportParams, token: string | null | undefined): Promise<Blob> {
  const query = new URLSearchParams(Object.entries({ ...cleanParams(params), format: 'csv' }).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${API_BASE}${path}?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new Error(body?.error?.message ?? `The export failed (${res.status})`);
  }
  return res.blob();
}

export function ReportDownload({ path, params, fileName }: { path: string; params: ReportParams; fileName: string }) {
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const blob = await fetchCsv(path, params, token);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.style.display = 'none';
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      dispatch(showToast('success', `Exported ${fileName}`));
    } catch (e) {
      dispatch(showToast('error', (e as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>Export CSV</Button>;
}
