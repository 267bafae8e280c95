import { api } from '@smsc/shared-api';
import type { Checklist } from '@smsc/shared-contract';

/** What moves a step: a payment, a number, a message, a key. The checklist refetches on its screen's every visit. */
export const checklistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** the company's getting-started steps, each state computed by the server (GET /home/checklist) */
    getChecklist: build.query<Checklist, void>({ query: () => '/home/checklist', keepUnusedDataFor: 0 }),
  }),
});

export const { useGetChecklistQuery } = checklistApi;
