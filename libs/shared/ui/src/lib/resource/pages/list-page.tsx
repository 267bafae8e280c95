import { keyedByBundle } from './keyed-by-bundle';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Space } from 'antd';
import { ResourceTable } from '../resource-table';
import type { ServerCsv } from '../server-csv';
import type { ListQueryArg } from '../types';
import { useListParams } from '../use-list-params';
import type { ResourceBundle, RoleAccess, RowLink } from './types';
import { useNoLazyList, useNoList, useNoMutation } from './hooks';
import { useResourcePath, withId } from './resource-root';
import { holds } from './access';

export interface ListPageProps<T, C, U> {
  bundle: ResourceBundle<T, C, U>;
  access?: RoleAccess;
  /** paths relative to the resource root (or absolute) */
  createPath?: string;
  /** patterns with ':id', e.g. 'edit-company/:id' */
  editPath?: string;
  detailsPath?: string;
  rowLinks?: RowLink<T>[];
  extra?: ReactNode;
  /** fixed filters added to every list call */
  listArg?: Record<string, string | number | boolean>;
  /** buttons after each row's links, e.g. approve / reject */
  rowActions?(row: T): ReactNode;
  /** extra width those buttons need in the actions column */
  rowActionsWidth?: number;
  /** Export CSV through the server's streamed CSV (the list's filters plus listArg) instead of reading pages */
  serverCsv?(queryArg: ListQueryArg): ServerCsv;
}

/** A resource's list page: URL-kept paging/sort/search, create/edit/delete by the role's access, row links. */
function ListPageBody<T extends object, C, U>(props: ListPageProps<T, C, U>) {
  const {
    bundle,
    access = {},
    createPath,
    editPath,
    detailsPath,
    rowLinks = [],
    extra,
    listArg,
    rowActions,
    rowActionsWidth = 0,
    serverCsv,
  } = props;
  const { definition } = bundle;
  const useList = bundle.useList ?? useNoList;
  const useDelete = bundle.useDelete ?? useNoMutation;
  const list = useListParams(definition);
  const arg = useMemo(() => ({ ...list.queryArg, ...listArg }), [list.queryArg, listArg]);
  const result = useList(arg);
  const [readPage] = (bundle.useLazyList ?? useNoLazyList)();
  const [remove] = useDelete();
  const [removeMany] = (bundle.useDeleteMany ?? useNoMutation)();
  const resolve = useResourcePath();
  const idOf = (row: T) => String((row as Record<string, unknown>)[definition.idField]);
  const links = rowLinks.filter((l) => holds(access.keys, l.access));
  const hasLinks = !!detailsPath || links.length > 0 || !!rowActions;

  return (
    <>
      {extra}
      <ResourceTable<T>
        definition={definition}
        result={result}
        access={access}
        createPath={createPath !== undefined ? resolve(createPath) : undefined}
        editPath={
          editPath !== undefined && bundle.useUpdate ? (row) => resolve(withId(editPath, idOf(row))) : undefined
        }
        onDelete={bundle.useDelete ? (row) => remove(idOf(row)).unwrap() : undefined}
        onDeleteMany={bundle.useDeleteMany ? (rows) => removeMany(rows.map(idOf)).unwrap() : undefined}
        serverCsv={serverCsv ? (q) => serverCsv({ ...q, ...listArg }) : undefined}
        fetchPage={bundle.useLazyList ? (page) => readPage({ ...page, ...listArg }).unwrap() : undefined}
        actionsWidth={170 + (detailsPath !== undefined ? 60 : 0) + 100 * links.length + rowActionsWidth}
        rowActions={
          hasLinks
            ? (row) => (
                <Space size="small">
                  {detailsPath !== undefined && (
                    <Link
                      to={resolve(withId(detailsPath, idOf(row)))}
                      aria-label={`View ${definition.singular} ${idOf(row)}`}
                    >
                      View
                    </Link>
                  )}
                  {links.map((l) => (
                    <Link
                      key={l.label}
                      to={resolve(l.to(row))}
                      aria-label={`${l.label} of ${definition.singular} ${idOf(row)}`}
                    >
                      {l.label}
                    </Link>
                  ))}
                  {rowActions?.(row)}
                </Space>
              )
            : undefined
        }
      />
    </>
  );
}

/** ListPage remounted per bundle (keyed-by-bundle.tsx). */
export const ListPage = keyedByBundle(ListPageBody) as typeof ListPageBody;
