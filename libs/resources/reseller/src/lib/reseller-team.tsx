import { useMemo, useState } from 'react';
import type { ResellerMember, ResellerMemberCreate, ResellerRole } from '@smsc/shared-contract';
import {
  Button,
  Modal,
  PlusOutlined,
  ResourceForm,
  ResourceTable,
  Space,
  Tag,
  Typography,
  useListParams,
  type FormValues,
  type ResourceDefinition,
} from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch, useReadOnly } from '@smsc/shared-session';
import {
  useAddResellerMemberMutation,
  useListResellerMembersQuery,
  useRemoveResellerMemberMutation,
  useUpdateResellerMemberMutation,
} from './reseller-team.api';

const ROLE_WORDS: Record<ResellerRole, string> = { admin: 'Admin', read_only: 'Read-only' };
const ROLE_OPTIONS = (Object.keys(ROLE_WORDS) as ResellerRole[]).map((value) => ({ value, label: ROLE_WORDS[value] }));

export const resellerTeamDefinition: ResourceDefinition<ResellerMember> = {
  name: 'reseller-team',
  title: 'Team',
  singular: 'User',
  idField: 'uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'asc' },
  // the form's toast: an invitation went out, or the user can sign in with the password given
  createdMessage: (m) => (m.invite_pending ? `Invitation sent to ${m.email}` : `${m.full_name} can sign in now`),
  columns: [
    { key: 'full_name', title: 'Name', sortable: true, search: 'text' },
    { key: 'email', title: 'E-mail', sortable: true, search: 'text', width: 240 },
    {
      key: 'reseller_role',
      title: 'Role',
      sortable: true,
      search: 'select',
      options: ROLE_OPTIONS,
      width: 120,
      render: (v) => ROLE_WORDS[v as ResellerRole] ?? String(v),
    },
    {
      key: 'is_active',
      title: 'Status',
      width: 160,
      render: (v, row) =>
        row.invite_pending ? (
          <Tag color="gold">Invited</Tag>
        ) : v ? (
          <Tag color="green">Active</Tag>
        ) : (
          <Tag>Inactive</Tag>
        ),
      csv: (v, row) => (row.invite_pending ? 'invited' : v ? 'active' : 'inactive'),
    },
    { key: 'created_on', title: 'Added', sortable: true, width: 200, dateTime: true },
  ],
  // limits from the contract's ResellerMemberCreate
  formFields: [
    { name: 'full_name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    { name: 'email', label: 'E-mail', kind: 'email', required: true, maxLength: 254 },
    {
      name: 'reseller_role',
      label: 'Role',
      kind: 'select',
      required: true,
      options: ROLE_OPTIONS,
      help: 'An admin manages the reseller and its team; a read-only user sees everything and changes nothing',
    },
    {
      name: 'password',
      label: 'Password',
      kind: 'password',
      maxLength: 1024,
      help: 'Leave empty to send an invitation: the user chooses a password from the link in the mail',
    },
  ],
};

/**
 * A reseller's logins: its admins add, change and remove them; a read-only member sees the list only.
 * Mounted by the reseller (its own team) and by the system admin (a reseller's details).
 */
export function ResellerTeam({ reseller }: { reseller: string }) {
  const dispatch = useAppDispatch();
  const readOnly = useReadOnly();
  const list = useListParams(resellerTeamDefinition);
  const arg = useMemo(() => ({ ...list.queryArg, reseller }), [list.queryArg, reseller]);
  const result = useListResellerMembersQuery(arg);
  const [add, adding] = useAddResellerMemberMutation();
  const [update] = useUpdateResellerMemberMutation();
  const [remove] = useRemoveResellerMemberMutation();
  const [inviting, setInviting] = useState(false);

  const change = async (row: ResellerMember, body: Parameters<typeof update>[0]['body'], done: string) => {
    try {
      await update({ reseller, id: row.uuid, body }).unwrap();
      dispatch(showToast('success', done));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const submit = async (v: FormValues) => {
    const body: ResellerMemberCreate = {
      full_name: String(v.full_name),
      email: String(v.email),
      reseller_role: v.reseller_role as ResellerRole,
      ...(v.password ? { password: String(v.password) } : {}),
    };
    // the answer goes back to the form, whose toast says what happened (createdMessage)
    return add({ reseller, body }).unwrap();
  };

  return (
    <section aria-label="Team" data-testid="reseller-team">
      {!readOnly && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
            Invite user
          </Button>
        </Space>
      )}
      <ResourceTable<ResellerMember>
        definition={resellerTeamDefinition}
        result={result}
        access={{ create: false, edit: false }}
        onDelete={(row) => remove({ reseller, id: row.uuid }).unwrap()}
        actionsWidth={readOnly ? 0 : 330}
        rowActions={
          readOnly
            ? undefined
            : (row) => (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    onClick={() =>
                      change(
                        row,
                        { reseller_role: row.reseller_role === 'admin' ? 'read_only' : 'admin' },
                        `${row.full_name} is ${row.reseller_role === 'admin' ? 'read-only' : 'an admin'} now`,
                      )
                    }
                  >
                    {row.reseller_role === 'admin' ? 'Make read-only' : 'Make admin'}
                  </Button>
                  <Button
                    size="small"
                    onClick={() =>
                      change(
                        row,
                        { is_active: !row.is_active },
                        `${row.full_name} ${row.is_active ? 'deactivated' : 'activated'}`,
                      )
                    }
                  >
                    {row.is_active ? 'Deactivate' : 'Activate'}
                  </Button>
                </Space>
              )
        }
      />
      <Modal title="Invite user" open={inviting} onCancel={() => setInviting(false)} footer={null} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          The user signs in with this e-mail address and sees every company of the reseller.
        </Typography.Paragraph>
        <ResourceForm<ResellerMember>
          definition={resellerTeamDefinition}
          mode="create"
          initialValues={{ reseller_role: 'read_only' }}
          onSubmit={submit}
          submitting={adding.isLoading}
          onDone={() => setInviting(false)}
          onCancel={() => setInviting(false)}
        />
      </Modal>
    </section>
  );
}
