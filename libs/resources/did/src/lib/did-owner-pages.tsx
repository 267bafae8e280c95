import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { lookupOf, showToast } from '@smsc/shared-api';
import type { Did } from '@smsc/shared-contract';
import { Alert, Button, Card, lookupSelectProps, Popconfirm, Select, Space, Table, Typography } from '@smsc/shared-ui';
import {
  useAssignDidMutation,
  useDisconnectDidsMutation,
  useGetDidQuery,
  useGetDidUserQuery,
  useListCompanyDidsQuery,
  useListDidUsersQuery,
} from './did.api';
import { formatDid } from './did.resource';

/** On a company's edit-did/{id}: give the number to one of the company's users (or none), or disconnect it. */
export function DidOwnerPanel({ doneTo }: { doneTo: string }) {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const did = useGetDidQuery(id);
  const users = useListDidUsersQuery(did.data?.company_uuid ?? '', { skip: !did.data?.company_uuid });
  const [assign, assigning] = useAssignDidMutation();
  const [disconnect, disconnecting] = useDisconnectDidsMutation();
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  if (!did.data) return null;
  const number = did.data;
  const value = choice === undefined ? number.user_uuid : choice;
  const save = async () => {
    await assign({ id: number.did_uuid, user_uuid: value ?? null }).unwrap();
    dispatch(showToast('success', value ? 'Number assigned' : 'Number unassigned'));
  };
  const drop = async () => {
    await disconnect({ numbers: [number.did], tollFree: number.is_toll_free }).unwrap();
    dispatch(showToast('success', `${formatDid(number.did)} disconnected`));
    navigate(doneTo);
  };
  return (
    <Card title={`Number ${formatDid(number.did)}`} style={{ marginTop: 16 }}>
      <Space orientation="vertical">
        <Space>
          <label htmlFor="did-user">Assigned user</label>
          <Select<string | null>
            id="did-user"
            style={{ width: 280 }}
            // a company can have hundreds of users: type to find one, as in the kit's select fields
            showSearch={{ optionFilterProp: 'label' }}
            value={value ?? null}
            onChange={(v) => setChoice(v)}
            {...lookupSelectProps(
              lookupOf(users, (page) => [
                { value: null as unknown as string, label: 'Nobody' },
                ...page.items.map((u) => ({ value: u.uuid, label: `${u.full_name} (${u.email})` })),
              ]),
            )}
          />
          <Button onClick={() => void save().catch(() => undefined)} loading={assigning.isLoading}>
            Save assignment
          </Button>
        </Space>
        <Popconfirm
          title={`Disconnect ${formatDid(number.did)}?`}
          description="The number leaves the company and its user."
          okText="Disconnect"
          okButtonProps={{ danger: true }}
          onConfirm={() => drop().catch(() => undefined)}
        >
          <Button danger loading={disconnecting.isLoading}>
            Disconnect number
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

/** users/assigned-did/{id}: the numbers assigned to one user, with a way to assign another of its company's numbers. */
export function AssignedDids() {
  const userId = useParams().id ?? '';
  const user = useGetDidUserQuery(userId);
  const companyUuid = user.data?.company_uuid ?? undefined;
  const mine = useListCompanyDidsQuery({ page: 0, per_page: 1000, user_id: userId });
  const all = useListCompanyDidsQuery(
    { page: 0, per_page: 1000, ...(companyUuid ? { company_uuid: companyUuid } : {}) },
    { skip: !companyUuid },
  );
  const [assign, assigning] = useAssignDidMutation();
  const [pick, setPick] = useState<string | undefined>();
  // the company's numbers nobody holds yet; a failed list says so in the picker, with a way to ask again
  const free = lookupOf(all, (page) =>
    page.items.filter((d) => !d.user_uuid).map((d) => ({ value: d.did_uuid, label: formatDid(d.did) })),
  );
  if (user.error) return <Alert type="error" showIcon title="User not found" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>Numbers assigned to {user.data?.full_name ?? '…'}</Typography.Text>
      <Table<Did>
        size="small"
        rowKey="did_uuid"
        loading={mine.isFetching}
        dataSource={mine.data?.items ?? []}
        pagination={false}
        columns={[
          { key: 'did', dataIndex: 'did', title: 'Number', render: (v: string) => formatDid(v) },
          { key: 'description', dataIndex: 'description', title: 'Description' },
          {
            key: 'actions',
            title: 'Actions',
            width: 120,
            render: (_: unknown, d: Did) => (
              <Button
                size="small"
                aria-label={`Unassign ${formatDid(d.did)}`}
                onClick={() =>
                  void assign({ id: d.did_uuid, user_uuid: null })
                    .unwrap()
                    .catch(() => undefined)
                }
              >
                Unassign
              </Button>
            ),
          },
        ]}
      />
      {companyUuid && (
        <Space>
          <Select
            id="assign-did"
            aria-label="Number to assign"
            style={{ width: 240 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="A free number of the company"
            value={pick}
            onChange={setPick}
            {...lookupSelectProps(free)}
          />
          <Button
            type="primary"
            disabled={!pick}
            loading={assigning.isLoading}
            onClick={() =>
              pick &&
              void assign({ id: pick, user_uuid: userId })
                .unwrap()
                .then(() => setPick(undefined))
                .catch(() => undefined)
            }
          >
            Assign
          </Button>
        </Space>
      )}
    </Space>
  );
}
