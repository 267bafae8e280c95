import { useMemo } from 'react';
import { useParams } from 'react-router';
import { EditPage, ListPage, Typography, definitionFor, type RoleAccess } from '@smsc/shared-ui';
import { didBundle } from './did.resource';
import { DidWebhooksPanel } from './did-webhooks';

/** vendor did/{id}/{vendor_name}: the numbers a vendor provides (GET /did/list?vendor=), edited at did/{id}/edit. */
export function VendorDids({ access }: { access: RoleAccess }) {
  const { id = '', vendor_name = '' } = useParams();
  const bundle = useMemo(
    () => ({ ...didBundle, definition: definitionFor(didBundle.definition, access.keys) }),
    [access.keys],
  );
  const listArg = useMemo(() => ({ vendor: id }), [id]);
  return (
    <>
      <Typography.Title level={4}>Numbers from {vendor_name || 'this vendor'}</Typography.Title>
      <ListPage
        key={id}
        bundle={bundle}
        access={{ ...access, create: false }}
        editPath="did/:id/edit"
        listArg={listArg}
      />
    </>
  );
}

/** vendor did/{id}/edit: one of a vendor's numbers, with its webhooks. */
export function VendorDidEdit({ access }: { access: RoleAccess }) {
  const bundle = useMemo(
    () => ({ ...didBundle, definition: definitionFor(didBundle.definition, access.keys) }),
    [access.keys],
  );
  return (
    <>
      <EditPage bundle={bundle} backTo="vendors" />
      <DidWebhooksPanel />
    </>
  );
}
