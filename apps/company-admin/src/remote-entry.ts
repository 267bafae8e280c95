export { companyAdminModule as default } from '@smsc/company-admin-routes';
