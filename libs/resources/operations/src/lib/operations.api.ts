import { api } from '@smsc/shared-api';
import type { FailedJobListQuery, FailedJobPage, MessageBody, OperationsSnapshot } from '@smsc/shared-contract';

export const OPERATIONS_TAG = 'Operations' as const;
export const FAILED_JOB_TAG = 'FailedJob' as const;

/** GET /operations: the figures /metrics exports, for the system admin's Operations screen; and the dead letters. */
export const operationsApi = api.enhanceEndpoints({ addTagTypes: [OPERATIONS_TAG, FAILED_JOB_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    getOperations: b.query<OperationsSnapshot, void>({ query: () => '/operations', providesTags: [OPERATIONS_TAG] }),
    listFailedJobs: b.query<FailedJobPage, FailedJobListQuery>({
      query: (params) => ({ url: '/operations/failed_jobs', params }),
      providesTags: (page) => [
        { type: FAILED_JOB_TAG, id: 'LIST' },
        ...(page?.items ?? []).map((j) => ({ type: FAILED_JOB_TAG, id: j.id })),
      ],
    }),
    retryFailedJob: b.mutation<MessageBody, string>({
      query: (id) => ({ url: `/operations/failed_jobs/${id}/retry`, method: 'POST' }),
      // the job is queued again: the queue figures change too
      invalidatesTags: (_r, _e, id) => [
        { type: FAILED_JOB_TAG, id },
        { type: FAILED_JOB_TAG, id: 'LIST' },
        OPERATIONS_TAG,
      ],
    }),
    discardFailedJob: b.mutation<MessageBody, string>({
      query: (id) => ({ url: `/operations/failed_jobs/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        { type: FAILED_JOB_TAG, id },
        { type: FAILED_JOB_TAG, id: 'LIST' },
        OPERATIONS_TAG,
      ],
    }),
  }),
});

export const { useGetOperationsQuery, useListFailedJobsQuery, useRetryFailedJobMutation, useDiscardFailedJobMutation } =
  operationsApi;
