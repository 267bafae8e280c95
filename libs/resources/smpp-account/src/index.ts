export {
  smppAccountApi,
  SMPP_ACCOUNT_TAG,
  useListSmppAccountsQuery,
  useLazyListSmppAccountsQuery,
  useGetSmppAccountQuery,
  useCreateSmppAccountMutation,
  useUpdateSmppAccountMutation,
  useDeleteSmppAccountMutation,
  useUnlockSmppAccountMutation,
  useListSmppBindsQuery,
  useGetSmppConnectionQuery,
} from './lib/smpp-account.api';
export {
  smppAccountDefinition,
  smppAccountBundle,
  smppAccountPages,
  toSmppCreate,
  toSmppPatch,
  SMPP_ACCOUNT_ACCESS,
} from './lib/smpp-account.resource';
export { SmppBindsPanel } from './lib/smpp-binds-panel';
export { SmppLockState, SmppAccountPanel, lockText } from './lib/smpp-lock-state';
export { SmppConnectionDetails } from './lib/smpp-connection';
