import { useDispatch } from 'react-redux';
import { useParams } from 'react-router';
import { showToast } from '@smsc/shared-api';
import type { SmscConnection } from '@smsc/shared-contract';
import {
  Button,
  ListPage,
  Popconfirm,
  ReloadOutlined,
  Space,
  Typography,
  definitionFor,
  type ResourcePages,
  type RoleAccess,
} from '@smsc/shared-ui';
import { useRestartGatewayMutation } from './smsc.api';
import { smscBundle } from './smsc.resource';
import { GatewayHealthPanel } from './gateway-health';

/** "Restart gateway": after a confirm, POST /gateway {command: "restart"}; the answer says what the gateway did. */
export function RestartGatewayButton() {
  const dispatch = useDispatch();
  const [restart, state] = useRestartGatewayMutation();
  const run = async () => {
    const answer = await restart().unwrap();
    dispatch(showToast(answer.applied_by === 'gateway' ? 'success' : 'warning', answer.message));
  };
  return (
    <Space style={{ marginBottom: 16 }}>
      <Popconfirm
        title="Restart the gateway?"
        description="It reconnects every active SMSC connection; messages in flight wait until it is back."
        okText="Restart"
        cancelText="Cancel"
        onConfirm={() => run().catch(() => undefined)}
      >
        <Button icon={<ReloadOutlined />} loading={state.isLoading}>
          Restart gateway
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Spec §2 system admin smsc-connection: smsc-connection/list, add-smsc-connection, edit-smsc-connection/{id}. */
export function smscPages(): ResourcePages<SmscConnection> {
  return {
    path: 'smsc-connection',
    redirectTo: 'smsc-connection/list',
    list: { path: 'smsc-connection/list', title: 'SMSC connections' },
    create: { path: 'add-smsc-connection', title: 'Add SMSC connection' },
    edit: { path: 'edit-smsc-connection/:id', title: 'Edit SMSC connection' },
    listExtra: (
      <>
        <GatewayHealthPanel />
        <RestartGatewayButton />
      </>
    ),
  };
}

/**
 * Vendor list/{vendor_name}/{vendor_uuid}: that vendor's SMSC connections, the same list filtered by
 * vendor; edits go to the smsc-connection area (`editPath`, absolute).
 */
export function VendorSmscConnectionsPage({
  access,
  editPath,
  createPath,
}: {
  access: RoleAccess;
  editPath: string;
  createPath: string;
}) {
  const { vendor_name: name = '', vendor_uuid: vendor = '' } = useParams();
  return (
    <ListPage
      key={vendor}
      bundle={{ ...smscBundle, definition: scopedDefinition(access) }}
      access={access}
      editPath={editPath}
      createPath={createPath}
      listArg={{ vendor_uuid: vendor }}
      extra={
        <Typography.Paragraph data-testid="vendor-name">
          SMSC connections of the vendor <strong>{name}</strong>
        </Typography.Paragraph>
      }
    />
  );
}
// one definition object per role access (lists key their URL state on it)
const scoped = new Map<string, ReturnType<typeof definitionFor<SmscConnection>>>();
function scopedDefinition(access: RoleAccess) {
  const key = (access.keys ?? []).join(',');
  if (!scoped.has(key)) scoped.set(key, definitionFor(smscBundle.definition, access.keys));
  return scoped.get(key) as ReturnType<typeof definitionFor<SmscConnection>>;
}
