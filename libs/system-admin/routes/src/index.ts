export { systemAdminModule } from './lib/routes';
