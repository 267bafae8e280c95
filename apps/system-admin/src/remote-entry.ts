export { systemAdminModule as default } from '@smsc/system-admin-routes';
