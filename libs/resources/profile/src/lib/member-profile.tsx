import { useParams } from 'react-router';
import { EditPage, RecordState, Space } from '@smsc/shared-ui';
import { ProfileDetails } from './profile-pages';
import { memberBundle } from './profile.resource';

const useMember = memberBundle.useGet as NonNullable<typeof memberBundle.useGet>;

/**
 * A company user's edit-company-info/{company id}: the company as read-only facts (only its admin
 * renames it) and the user's own name and password. Another company's id is 'not found'.
 */
export function MemberProfile() {
  const member = useMember(useParams().id ?? '');
  if (!member.data) return <RecordState state={member} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ProfileDetails show="company" />
      {/* saving returns here: a new name (after the refetch) starts a fresh form */}
      <EditPage key={member.data.full_name} bundle={memberBundle} backTo="" />
    </Space>
  );
}
