export {
  templateApi,
  TEMPLATE_TAG,
  templateListParams,
  useListTemplatesQuery,
  useLazyListTemplatesQuery,
  useGetTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useApproveTemplateMutation,
  useRejectTemplateMutation,
} from './lib/template.api';
export {
  templateDefinition,
  templateBundle,
  templateCreateBody,
  templatePatchBody,
  statusTag,
  TEMPLATE_ACCESS,
} from './lib/template.resource';
export { ReviewActions, reviewRowActions, templatePages, templateApprovalPages } from './lib/template-pages';
