import { useParams } from 'react-router';
import { EditPage, RecordState, Space } from '@smsc/shared-ui';
import { ProfileDetails } from './profile-pages';
import { TwoFactorSection } from './two-factor-section';
import { memberBundle } from './profile.resource';
import { useGetHomeQuery } from './profile.api';

const useMember = memberBundle.useGet as NonNullable<typeof memberBundle.useGet>;

/**
 * A company user's edit-company-info/{company id}: the company as read-only facts (only its admin
 * renames it) and the user's own name and password. Another company's id is 'not found'.
 */
export function MemberProfile() {
  const member = useMember(useParams().id ?? '');
  const home = useGetHomeQuery();
  if (!member.data) return <RecordState state={member} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ProfileDetails show="company" />
      {/* saving returns here: each fresh read of /home after a save starts a clean form (no passwords left in it) */}
      <EditPage key={home.fulfilledTimeStamp} bundle={memberBundle} backTo="" />
      <TwoFactorSection />
    </Space>
  );
}
