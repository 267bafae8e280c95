export {
  complianceApi,
  FILING_TAG,
  useListFilingsQuery,
  useGetFilingQuery,
  useCreateFilingMutation,
  useUpdateFilingMutation,
  useSubmitFilingMutation,
  useReviewFilingMutation,
  useAttachNumberMutation,
  useComplianceSettingsQuery,
} from './lib/compliance.api';
export { complianceDefinition, complianceBundle, filingStatusTag, COMPLIANCE_ACCESS } from './lib/compliance.resource';
export { compliancePages, EnforcementSetting } from './lib/compliance-pages';
export { FilingPage } from './lib/filing-page';
export { NewFilingPage } from './lib/new-filing';
