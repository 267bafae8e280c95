export { operationsApi, OPERATIONS_TAG, useGetOperationsQuery } from './lib/operations.api';
export { OperationsPage, OPERATIONS_POLL_MS } from './lib/operations-page';
export { usePageVisible } from './lib/use-page-visible';
