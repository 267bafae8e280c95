export type {
  ResourceBundle,
  RoleAccess,
  ResourcePages,
  PageRoute,
  PageLink,
  RowLink,
  MutationHook,
  LazyListHook,
  RecordQueryState,
  Unwrappable,
} from './types';
export { resourceRoutes } from './resource-routes';
export { PageLinks } from './page-links';
export { ListPage, type ListPageProps } from './list-page';
export { CreatePage, EditPage, RecordState } from './form-pages';
export { DetailsPage, RecordFields, type DetailsPageProps } from './details-page';
export { ResourceRoot, useResourcePath, withId } from './resource-root';
export { definitionFor } from './access';
