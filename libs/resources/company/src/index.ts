export {
  companyApi,
  COMPANY_TAG,
  useListCompaniesQuery,
  useLazyListCompaniesQuery,
  useGetCompanyQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
} from './lib/company.api';
export { companyDefinition, companyBundle, companyBody, companyPages, COMPANY_ACCESS } from './lib/company.resource';
export {
  guardsApi,
  GUARDS_TAG,
  useGetCompanyGuardsQuery,
  useGetCompanyCountriesQuery,
  useUpdateCompanyGuardsMutation,
  useReleaseHoldMutation,
  useGetGuardAlertsQuery,
  useGetGuardSettingsQuery,
  useUpdateGuardSettingsMutation,
} from './lib/guards.api';
export { PumpingSettingsPage, SETTING_FIELDS, settingsBody } from './lib/pumping-settings';
export { CompanyGuardsPanel, CompanyGuardsPage, guardsBody, type GuardsMode } from './lib/company-guards';
export { GuardAlertsBanner } from './lib/guard-alerts';
export {
  autoRechargeApi,
  useGetAutoRechargeQuery,
  useUpdateAutoRechargeMutation,
  useStartCardSetupMutation,
  useRemoveCardMutation,
} from './lib/auto-recharge.api';
export { AutoRechargeCard, cardSetupNavigation } from './lib/auto-recharge-card';
