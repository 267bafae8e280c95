import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { API_PREFIX } from '@smsc/shared-contract';

export const API_BASE = API_PREFIX;

interface TokenState {
  session?: { token?: string | null };
}

const fetchQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** How often a request with an Idempotency-Key is sent again while the server says it is still busy with it. */
export const IDEMPOTENT_RETRIES = 3;

const hasIdempotencyKey = (args: string | FetchArgs) =>
  typeof args !== 'string' &&
  !!args.headers &&
  Object.keys(args.headers as Record<string, string>).some((h) => h.toLowerCase() === 'idempotency-key');

/**
 * The API's fetch, with the one retry the console makes by itself: a request carrying an
 * Idempotency-Key that the server answers 409 with Retry-After (its first copy is still being
 * stored) is sent again after that wait, up to IDEMPOTENT_RETRIES times. The key makes the resend
 * safe; the user sees the first copy's answer instead of an error toast.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extra) => {
  for (let attempt = 0; ; attempt++) {
    const result = await fetchQuery(args, api, extra);
    const retryAfter = result.meta?.response?.headers.get('retry-after');
    const wait = retryAfter ? Number(retryAfter) : NaN;
    if (result.error?.status !== 409 || !hasIdempotencyKey(args) || !(wait >= 0) || attempt >= IDEMPOTENT_RETRIES)
      return result;
    // at most 2 s a wait, so a click is answered within a few seconds whatever the header says
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 2) * 1000));
  }
};

/**
 * The one API slice for `/api_smsc/v1`. It starts empty: each resource lib injects its endpoints
 * (and adds its tag types) so remotes only ship the endpoints they use.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
