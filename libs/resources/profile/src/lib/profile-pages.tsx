import { Navigate, useNavigate } from 'react-router';
import type { Home } from '@smsc/shared-contract';
import {
  Button,
  EditOutlined,
  RecordFields,
  RecordState,
  ResourceForm,
  Space,
  useResourcePath,
  withId,
} from '@smsc/shared-ui';
import { useGetHomeQuery, useUpdateHomeMutation } from './profile.api';
import { accountDefinitionFor, accountForm, companyInfoDefinition, toAccountPatch } from './profile.resource';

type Part = 'account' | 'company';

const pick = (home: Home, part: Part) => (part === 'account' ? home.user : home.company);
const idOf = (home: Home, part: Part) => (part === 'account' ? home.user.uuid : home.company?.company_uuid);

export interface ProfileDetailsProps {
  /** the caller's own record, or its company */
  show: Part;
  /** pattern with ':id' (the shown record's id), relative to the profile root */
  editPath?: string;
}

/** The signed-in user's own record or company, read from /home, with an Edit button. */
export function ProfileDetails({ show, editPath }: ProfileDetailsProps) {
  const home = useGetHomeQuery();
  const navigate = useNavigate();
  const resolve = useResourcePath();
  if (!home.data) return <RecordState state={home} />;
  const record = pick(home.data, show);
  const id = idOf(home.data, show);
  if (!record || !id)
    return (
      <RecordState
        state={{ error: { status: 404, data: { code: 'not_found', detail: 'No company on this account' } } }}
      />
    );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {show === 'account' ? (
        <RecordFields definition={accountDefinitionFor(home.data)} record={home.data.user} testId="profile-account" />
      ) : (
        <RecordFields
          definition={companyInfoDefinition}
          record={record as NonNullable<Home['company']>}
          testId="profile-company"
        />
      )}
      {editPath && (
        <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(resolve(withId(editPath, id)))}>
          Edit
        </Button>
      )}
    </Space>
  );
}

/** Sends the profile root to a page addressed by the caller's own id or its company's id. */
export function ProfileRedirect({ to, show }: { to: string; show: Part }) {
  const home = useGetHomeQuery();
  const resolve = useResourcePath();
  if (!home.data) return <RecordState state={home} />;
  const id = idOf(home.data, show);
  if (!id)
    return (
      <RecordState
        state={{ error: { status: 404, data: { code: 'not_found', detail: 'No company on this account' } } }}
      />
    );
  return <Navigate to={resolve(withId(to, id))} replace />;
}

/**
 * The caller's contact details with a form for its name and password (company admin: admin-contact), and its own
 * time zone when it has no company (reseller: Profile).
 */
export function AccountForm() {
  const home = useGetHomeQuery();
  const [update, state] = useUpdateHomeMutation();
  if (!home.data) return <RecordState state={home} />;
  const { user } = home.data;
  const definition = accountDefinitionFor(home.data);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <RecordFields
        definition={{ ...definition, columns: definition.columns.filter((c) => c.key !== 'created_on') }}
        record={user}
        testId="profile-account"
      />
      <ResourceForm
        // each fresh read of /home (after a save) starts a clean form: saved name, empty password
        key={home.fulfilledTimeStamp}
        definition={definition}
        mode="edit"
        initialValues={accountForm(user)}
        submitting={state.isLoading}
        onSubmit={(values) => update(toAccountPatch(values, user)).unwrap()}
        onDone={() => undefined}
      />
    </Space>
  );
}
