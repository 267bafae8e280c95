import { api } from '@smsc/shared-api';
import type { AuditEntry, ListPageOf } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const AUDIT_TAG = 'Audit';

/** The audit log is read-only: no call edits or deletes an entry (the server has none). */
export const auditApi = api.enhanceEndpoints({ addTagTypes: [AUDIT_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listAudit: b.query<ListPageOf<AuditEntry>, ListQueryArg>({
      query: (params) => ({ url: '/audit/list', params }),
      providesTags: [AUDIT_TAG],
    }),
  }),
});

export const { useListAuditQuery, useLazyListAuditQuery } = auditApi;
