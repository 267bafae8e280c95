export { companyUserModule as default } from '@smsc/company-user-routes';
