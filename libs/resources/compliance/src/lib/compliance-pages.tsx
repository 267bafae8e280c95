import type { Filing } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Space, Switch, Typography, type ResourcePages } from '@smsc/shared-ui';
import { useComplianceSettingsQuery, useSetComplianceSettingsMutation } from './compliance.api';
import { NewFilingPage } from './new-filing';
import { FilingPage } from './filing-page';

/** Whether unregistered sends are refused: the system admin switches it; others read it. */
export function EnforcementSetting({ canSet }: { canSet: boolean }) {
  const dispatch = useAppDispatch();
  const s = useComplianceSettingsQuery();
  const [set, setting] = useSetComplianceSettingsMutation();
  if (s.isError) return <Alert type="error" showIcon title={describeApiError(s.error)} />;
  const on = !!s.data?.enforcement;
  if (!canSet)
    return (
      <Typography.Paragraph type="secondary" data-testid="enforcement-note">
        {on
          ? 'Sends from a sender without the registration its destination requires are refused before any charge.'
          : 'Registrations are not enforced on sends yet: file them now so traffic keeps flowing when they are.'}
      </Typography.Paragraph>
    );
  return (
    <Space style={{ marginBottom: 12 }}>
      <Switch
        id="compliance-enforcement"
        checked={on}
        loading={s.isFetching || setting.isLoading}
        onChange={async (enforcement) => {
          try {
            await set({ enforcement }).unwrap();
            dispatch(showToast('success', enforcement ? 'Unregistered sends are now refused' : 'Enforcement is off'));
          } catch (e) {
            dispatch(showToast('error', describeApiError(e)));
          }
        }}
      />
      <label htmlFor="compliance-enforcement">
        Refuse sends from unregistered senders (10DLC, toll-free, sender IDs)
      </label>
    </Space>
  );
}

/**
 * A role's Compliance screens below `path`: the list, a new filing, and each filing's page. `pickCompany`: the role
 * files for a company it names (system admin, reseller); `admin`: it reviews platform-reviewed filings and sets
 * enforcement.
 */
export function compliancePages(opts: { path: string; pickCompany: boolean; admin: boolean }): ResourcePages<Filing> {
  return {
    path: opts.path,
    list: { path: '', title: 'Compliance' },
    listLinks: [{ label: 'New filing', to: 'new-filing' }],
    listExtra: <EnforcementSetting canSet={opts.admin} />,
    rowLinks: [{ label: 'Open', to: (f) => `filing/${f.filing_uuid}` }],
    extra: [
      {
        path: 'new-filing',
        element: <NewFilingPage pickCompany={opts.pickCompany} />,
        handle: { title: 'New filing' },
      },
      { path: 'filing/:id', element: <FilingPage canReview={opts.admin} />, handle: { title: 'Filing' } },
    ],
  };
}
