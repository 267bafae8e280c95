export { profileApi, HOME_TAG, useGetHomeQuery, useUpdateHomeMutation } from './lib/profile.api';
export {
  accountDefinition,
  ownZoneAccountDefinition,
  companyInfoDefinition,
  accountBundle,
  memberBundle,
  companyInfoBundle,
  toAccountPatch,
  homeRecordHook,
} from './lib/profile.resource';
export { ProfileDetails, ProfileRedirect, AccountForm, type ProfileDetailsProps } from './lib/profile-pages';
export { MemberProfile } from './lib/member-profile';
export { TwoFactorSection } from './lib/two-factor-section';
export { twoFactorApi, useGetTwoFactorQuery } from './lib/two-factor.api';
