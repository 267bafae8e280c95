import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_PREFIX } from '@smsc/shared-contract';

export const API_BASE = API_PREFIX;

interface TokenState {
  session?: { token?: string | null };
}

export const baseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

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
