import { api, TEMPLATE_TAG } from '@smsc/shared-api';
import type {
  ListPageOf,
  SmsTemplate,
  SmsTemplateCreateBody,
  SmsTemplatePatchBody,
  SmsTemplatePayload,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export { TEMPLATE_TAG };
const LIST = { type: TEMPLATE_TAG, id: 'LIST' } as const;
const unwrap = (answer: SmsTemplatePayload) => answer.sms_template;

/** The list's "created within" choice (days) becomes docs/spec.md §7's created_on_gt timestamp when the call is made. */
export function templateListParams(arg: ListQueryArg, now = Date.now()): ListQueryArg {
  const { created_within, ...rest } = arg;
  const days = Number(created_within);
  if (!created_within || !Number.isFinite(days) || days <= 0) return rest;
  return { ...rest, created_on_gt: new Date(now - days * 86_400_000).toISOString() };
}

/** SMS templates of docs/spec.md §7, with the approval step (PATCH approve / reject). */
export const templateApi = api.enhanceEndpoints({ addTagTypes: [TEMPLATE_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listTemplates: b.query<ListPageOf<SmsTemplate>, ListQueryArg>({
      query: (arg) => ({ url: '/sms_template/list', params: templateListParams(arg) }),
      providesTags: [LIST],
    }),
    getTemplate: b.query<SmsTemplate, string>({
      query: (id) => `/sms_template/${encodeURIComponent(id)}`,
      transformResponse: unwrap,
      providesTags: (_r, _e, id) => [{ type: TEMPLATE_TAG, id }],
    }),
    createTemplate: b.mutation<SmsTemplate, SmsTemplateCreateBody>({
      query: (body) => ({ url: '/sms_template', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: [LIST],
    }),
    updateTemplate: b.mutation<SmsTemplate, { id: string; body: SmsTemplatePatchBody }>({
      query: ({ id, body }) => ({ url: `/sms_template/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: TEMPLATE_TAG, id }],
    }),
    deleteTemplate: b.mutation<unknown, string>({
      query: (id) => ({ url: `/sms_template/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: TEMPLATE_TAG, id }],
    }),
    approveTemplate: b.mutation<SmsTemplate, string>({
      query: (id) => ({ url: `/sms_template/${encodeURIComponent(id)}/approve`, method: 'PATCH' }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, id) => [LIST, { type: TEMPLATE_TAG, id }],
    }),
    rejectTemplate: b.mutation<SmsTemplate, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `/sms_template/${encodeURIComponent(id)}/reject`,
        method: 'PATCH',
        body: reason ? { reason } : {},
      }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: TEMPLATE_TAG, id }],
    }),
  }),
});

export const {
  useListTemplatesQuery,
  useLazyListTemplatesQuery,
  useGetTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useApproveTemplateMutation,
  useRejectTemplateMutation,
} = templateApi;
