export { companyApi, COMPANY_TAG, useListCompaniesQuery, useLazyListCompaniesQuery, useGetCompanyQuery, useCreateCompanyMutation, useUpdateCompanyMutation, useDeleteCompanyMutation } from './lib/company.api';
export { companyDefinition, companyBundle, companyBody, companyPages, COMPANY_ACCESS } from './lib/company.resource';
