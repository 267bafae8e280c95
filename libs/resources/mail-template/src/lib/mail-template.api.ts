import { api } from '@smsc/shared-api';
import type {
  MailPreview,
  MailTemplate,
  MailTemplateBody,
  MailTemplateKind,
  MailTemplateList,
} from '@smsc/shared-contract';

const TAG = 'MailTemplate';
const LIST = { type: TAG, id: 'LIST' } as const;

/** A reseller's mail templates: one wording per mail, the system's until the reseller saves its own. */
export const mailTemplateApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listMailTemplates: b.query<MailTemplate[], void>({
      query: () => '/mail_template/list',
      transformResponse: (answer: MailTemplateList) => answer.items,
      providesTags: [LIST],
    }),
    saveMailTemplate: b.mutation<MailTemplate, { kind: MailTemplateKind; body: MailTemplateBody }>({
      query: ({ kind, body }) => ({ url: `/mail_template/${kind}`, method: 'PUT', body }),
      invalidatesTags: [LIST],
    }),
    resetMailTemplate: b.mutation<MailTemplate, MailTemplateKind>({
      query: (kind) => ({ url: `/mail_template/${kind}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    previewMailTemplate: b.mutation<MailPreview, { kind: MailTemplateKind; body: MailTemplateBody }>({
      query: ({ kind, body }) => ({ url: `/mail_template/${kind}/preview`, method: 'POST', body }),
    }),
  }),
});

export const {
  useListMailTemplatesQuery,
  useSaveMailTemplateMutation,
  useResetMailTemplateMutation,
  usePreviewMailTemplateMutation,
} = mailTemplateApi;
