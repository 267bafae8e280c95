export { resellerModule } from './lib/routes';
