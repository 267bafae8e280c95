import { API_PREFIX } from '@smsc/shared-contract';

/** A failed call, shaped as RTK Query's fetchBaseQuery shapes it, so describeApiError reads both. */
export interface CallFailure {
  /** the HTTP status, or 'FETCH_ERROR' when no response came */
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

export type CallResult<T> = { data: T } | { error: CallFailure };

/**
 * One JSON call to the API without RTK Query: the sign-in and the public pages use it, so /login
 * does not fetch RTK Query. Never throws; a failure comes back as `{ error }`.
 */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  let response: Response;
  try {
    // a Request, as fetchBaseQuery sends: the component tests' fetch stubs read one
    response = await fetch(
      new Request(`${API_PREFIX}${path}`, {
        method: init.method ?? 'POST',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
  } catch {
    return { error: { status: 'FETCH_ERROR' } };
  }
  const text = await response.text().catch(() => '');
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // a body that is not JSON (a proxy's error page) stays text: describeApiError says the generic line
  }
  return response.ok ? { data: data as T } : { error: { status: response.status, data } };
}
