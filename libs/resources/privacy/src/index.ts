export {
  privacyApi,
  PRIVACY_TAG,
  useListPrivacyRequestsQuery,
  useExportNumberMutation,
  useEraseNumberMutation,
} from './lib/privacy.api';
export { privacyDefinition, privacyBundle, PRIVACY_ACCESS } from './lib/privacy.resource';
export { privacyPages } from './lib/privacy-pages';
