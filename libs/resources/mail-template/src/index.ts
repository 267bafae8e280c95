export {
  mailTemplateApi,
  useListMailTemplatesQuery,
  useSaveMailTemplateMutation,
  useResetMailTemplateMutation,
  usePreviewMailTemplateMutation,
} from './lib/mail-template.api';
export { MailTemplateEditor, KIND_LABELS } from './lib/mail-template-editor';
