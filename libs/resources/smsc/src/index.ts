export {
  smscApi,
  SMSC_TAG,
  useListSmscConnectionsQuery,
  useLazyListSmscConnectionsQuery,
  useGetSmscConnectionQuery,
  useCreateSmscConnectionMutation,
  useUpdateSmscConnectionMutation,
  useDeleteSmscConnectionMutation,
  useListApiAdaptersQuery,
  useRestartGatewayMutation,
  useGetGatewayHealthQuery,
} from './lib/smsc.api';
export { smscDefinition, smscBundle, smscFields } from './lib/smsc.resource';
export { RestartGatewayButton, smscPages, VendorSmscConnectionsPage } from './lib/smsc-pages';
export { GatewayHealthPanel, HEALTH_POLL_MS } from './lib/gateway-health';
