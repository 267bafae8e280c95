import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../role-module';
import type { PageRoute, ResourceBundle, ResourcePages, RoleAccess } from './types';
import { definitionFor, holds } from './access';
import { ResourceRoot } from './resource-root';
import { ListPage } from './list-page';
import { CreatePage, EditPage } from './form-pages';
import { DetailsPage } from './details-page';
import { PageLinks } from './page-links';

/** A row whose every field reads as a path parameter (':id'): a row link's pattern, for the link walk. */
const anyRow = <T,>() => new Proxy({}, { get: (_, key) => `:${String(key)}` }) as T;

function page(route: PageRoute, element: RouteObject['element'], links: (string | undefined)[]): RouteObject {
  const handle: RouteHandle = { title: route.title, links: links.filter((l): l is string => l !== undefined) };
  return route.path === '' ? { index: true, element, handle } : { path: route.path, element, handle };
}

/**
 * A resource's routes for one role: a root route at `pages.path` whose children are the list,
 * create, edit and details pages the role asks for, each with `handle: { title }`. The role's
 * access data hides columns/fields/links by access key and turns create/edit/delete on or off.
 */
export function resourceRoutes<T extends object, C, U>(
  bundle: ResourceBundle<T, C, U>,
  access: RoleAccess,
  pages: ResourcePages<T>,
): RouteObject {
  const scoped: ResourceBundle<T, C, U> = { ...bundle, definition: definitionFor(bundle.definition, access.keys) };
  const listPath = pages.list?.path ?? pages.redirectTo ?? '';
  const canCreate = !!pages.create && access.create !== false && !!bundle.useCreate;
  const canEdit = !!pages.edit && access.edit !== false && !!bundle.useUpdate;
  const children: RouteObject[] = [];
  // what each page shows a link or button to (the link walk follows these)
  const create = canCreate ? pages.create?.path : undefined;
  const edit = canEdit ? pages.edit?.path : undefined;
  const rowLinks = (pages.rowLinks ?? []).filter((l) => holds(access.keys, l.access)).map((l) => l.to(anyRow<T>()));
  if (pages.redirectTo !== undefined)
    children.push({ index: true, element: <Navigate to={pages.redirectTo} replace /> });
  if (pages.list)
    children.push(
      page(
        pages.list,
        <ListPage
          // React Router reuses the element when one resource's list is left for another's: a key per
          // resource mounts a fresh page, so hooks of one bundle never run with another's
          key={scoped.definition.name}
          bundle={scoped}
          access={access}
          createPath={canCreate ? pages.create?.path : undefined}
          editPath={canEdit ? pages.edit?.path : undefined}
          detailsPath={pages.details?.path}
          rowLinks={pages.rowLinks}
          extra={
            pages.listLinks?.length ? (
              <>
                <PageLinks links={pages.listLinks} />
                {pages.listExtra}
              </>
            ) : (
              pages.listExtra
            )
          }
          listArg={pages.listArg}
          rowActions={pages.rowActions}
          rowActionsWidth={pages.rowActionsWidth}
        />,
        [create, edit, pages.details?.path, ...rowLinks, ...(pages.listLinks ?? []).map((l) => l.to)],
      ),
    );
  if (pages.create && canCreate)
    children.push(
      page(
        pages.create,
        <CreatePage
          bundle={scoped}
          backTo={listPath}
          openPath={pages.openCreated && pages.edit && canEdit ? pages.edit.path : undefined}
        />,
        [listPath],
      ),
    );
  if (pages.edit && canEdit)
    children.push(
      page(
        pages.edit,
        <>
          <EditPage bundle={scoped} backTo={listPath} />
          {pages.editExtra}
        </>,
        [listPath, ...(pages.editLinks ?? [])],
      ),
    );
  if (pages.details)
    children.push(
      page(
        pages.details,
        <DetailsPage
          bundle={scoped}
          access={access}
          editPath={canEdit ? pages.edit?.path : undefined}
          backTo={listPath}
          extra={pages.detailsExtra}
        />,
        [edit, listPath],
      ),
    );
  children.push(...(pages.extra ?? []));
  return { path: pages.path, element: <ResourceRoot />, children };
}
