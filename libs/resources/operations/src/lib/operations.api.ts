import { api } from '@smsc/shared-api';
import type { OperationsSnapshot } from '@smsc/shared-contract';

export const OPERATIONS_TAG = 'Operations';

/** GET /operations: the figures /metrics exports, for the system admin's Operations screen. */
export const operationsApi = api.enhanceEndpoints({ addTagTypes: [OPERATIONS_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    getOperations: b.query<OperationsSnapshot, void>({ query: () => '/operations', providesTags: [OPERATIONS_TAG] }),
  }),
});

export const { useGetOperationsQuery } = operationsApi;
