import { api } from '@smsc/shared-api';
import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList, MessageBody } from '@smsc/shared-contract';

const TAG = 'ApiKey';

export const apiKeyApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** a page of the keys, newest first (the first unless a later one is asked: 0-based) */
    listApiKeys: build.query<ApiKeyList, number | void>({
      query: (page) => (page ? `/api_key/list?page=${page}` : '/api_key/list'),
      providesTags: [TAG],
    }),
    /** the answer carries the full key, shown once by the page and never fetched again */
    createApiKey: build.mutation<ApiKeyCreated, ApiKeyCreateBody>({
      query: (body) => ({ url: '/api_key', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    revokeApiKey: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/api_key/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeyApi;
