import type { Routing, RoutingCreate, RoutingPatch } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreateRoutingMutation,
  useDeleteRoutingMutation,
  useGetRoutingQuery,
  useListRoutingPageQuery,
  useUpdateRoutingMutation,
} from './routing.api';

/** A routing: a name, and its routes (edited under the form, see RoutesEditor). */
export const routingDefinition: ResourceDefinition<Routing> = {
  name: 'routings',
  title: 'Routings',
  singular: 'Routing',
  idField: 'routing_uuid',
  defaultSort: { order_by: 'routing_name', order_dir: 'asc' },
  columns: [
    { key: 'routing_name', title: 'Routing', sortable: true, search: 'text' },
    { key: 'route_count', title: 'Routes', width: 100 },
    { key: 'created_on', title: 'Created', sortable: true, width: 180, dateTime: true },
  ],
  formFields: [{ name: 'routing_name', label: 'Name', kind: 'text', required: true, maxLength: 200 }],
};

export const routingBundle: ResourceBundle<Routing, RoutingCreate, RoutingPatch> = {
  definition: routingDefinition,
  useList: useListRoutingPageQuery,
  useGet: useGetRoutingQuery,
  useCreate: useCreateRoutingMutation,
  useUpdate: useUpdateRoutingMutation,
  useDelete: useDeleteRoutingMutation,
  toCreate: (values: FormValues) => ({ routing_name: String(values.routing_name ?? '').trim() }),
  toPatch: (values: FormValues) => ({ routing_name: String(values.routing_name ?? '').trim() }),
};
