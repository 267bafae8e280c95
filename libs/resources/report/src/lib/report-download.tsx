import { ServerCsvButton, fetchServerCsv } from '@smsc/shared-ui';
import { cleanParams, type ReportParams } from './report.api';

/**
 * Fetches the server's streamed CSV of a call (format=csv) with the session's token.
 * The server writes every row (no paging in the browser); the kit's button only carries the file over.
 */
export const fetchCsv = (path: string, params: ReportParams, token: string | null | undefined): Promise<Blob> =>
  fetchServerCsv({ path, params: cleanParams(params) }, token);

export function ReportDownload({ path, params, fileName }: { path: string; params: ReportParams; fileName: string }) {
  return <ServerCsvButton csv={() => ({ path, params: cleanParams(params), fileName })} />;
}
