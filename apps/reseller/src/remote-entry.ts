export { resellerModule as default } from '@smsc/reseller-routes';
