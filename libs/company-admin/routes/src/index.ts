export { companyAdminModule } from './lib/routes';
