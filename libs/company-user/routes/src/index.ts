export { companyUserModule } from './lib/routes';
