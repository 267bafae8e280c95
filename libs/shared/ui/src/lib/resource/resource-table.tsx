import { useMemo, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Space, Typography, type TableColumnsType, type TableProps } from 'antd';
import { Table } from '../keyboard-table';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch, useReadOnly } from '@smsc/shared-session';
import type { ListQueryArg, ListResult, ResourceDefinition } from './types';
import { useListParams } from './use-list-params';
import { SearchForm } from './search-form';
import { ColumnSettings } from './column-settings';
import { useColumnVisibility } from './use-column-visibility';
import { useListDensity } from './use-list-density';
import { CompactTheme, DensitySwitch } from './density-switch';
import { CsvExportButton } from './csv-export';
import { ServerCsvButton, type ServerCsv } from './server-csv';
import { askToDelete, BulkDeleteButton } from './bulk-delete';
import { usePhoneWidth } from './use-phone-width';
import { columnRender, columnTitle } from './column-title';
import { cellValue, useRowSelection } from './use-row-selection';
import { ROW_CUE_CLASS, ROW_CUE_STYLE, useRowCue } from './row-cue';
import { RowActions } from './row-actions';

/** Above this page size rows are virtualised in a fixed-height body. */
export const VIRTUAL_THRESHOLD = 100;
export const VIRTUAL_SCROLL_Y = 600;
export const PAGE_SIZES = [10, 20, 50, 100, 500, 1000];

export interface ResourceAccess {
  create?: boolean;
  edit?: boolean;
  delete?: boolean;
}

/** The parts of an RTK Query list result the table reads. */
export interface ListQueryState<T> {
  data?: ListResult<T>;
  isFetching?: boolean;
  isLoading?: boolean;
  /** the data of these arguments (undefined while another page or search loads): a refetch keeps it */
  currentData?: ListResult<T>;
  error?: unknown;
  refetch?: () => unknown;
}

export interface ResourceTableProps<T> {
  definition: ResourceDefinition<T>;
  result: ListQueryState<T>;
  /** what the role may do; each defaults to allowed when its handler or path is given */
  access?: ResourceAccess;
  onDelete?(row: T): Promise<unknown>;
  /** deletes the selected rows in one call, all or none; given, "Delete selected" uses it */
  onDeleteMany?(rows: T[]): Promise<unknown>;
  createPath?: string;
  editPath?(row: T): string;
  rowActions?(row: T): ReactNode;
  /** shown above the table while rows are selected, beside Delete selected (rows can be picked when either applies) */
  bulkActions?(selected: T[], clearSelection: () => void): ReactNode;
  /** width of the actions column (160 unless given); wider when rowActions add links */
  actionsWidth?: number;
  /**
   * reads any page of the current list (the caller adds its fixed filters); given, Export CSV
   * covers every page of the current filter, otherwise only the rows on screen
   */
  fetchPage?(arg: ListQueryArg): Promise<ListResult<T>>;
  /** called with the CSV text and rows after an export */
  onExportCsv?(csv: string, rows: T[]): void;
  /** given, Export CSV downloads the server's streamed CSV of the current filters instead of reading pages */
  serverCsv?(queryArg: ListQueryArg): ServerCsv;
}

const STATUS_KEY = /(^|_)(status|state|is_active|active|paid)$/;

/** On a phone-wide screen a list keeps its first column, its status columns and those marked 'high'. */
export function keepsOnPhone<T>(col: ResourceDefinition<T>['columns'][number], index: number): boolean {
  return index === 0 || col.priority === 'high' || STATUS_KEY.test(col.key);
}

/**
 * The generic list: server paging, sorting and search kept in the URL, states, delete, CSV, column settings.
 * It brings antd's App context (the delete confirms' modal, and row actions' own confirms) with it, so the
 * signed-in frame and a landing without the data kit never fetch App's message and notification machinery.
 */
export function ResourceTable<T extends object>(props: ResourceTableProps<T>) {
  return (
    <App component={false}>
      <ListBody {...props} />
    </App>
  );
}

function ListBody<T extends object>(props: ResourceTableProps<T>) {
  const {
    definition,
    result,
    access = {},
    onDelete,
    onDeleteMany,
    createPath,
    editPath,
    rowActions,
    bulkActions,
    fetchPage,
    onExportCsv,
    serverCsv,
    actionsWidth = 160,
  } = props;
  const phone = usePhoneWidth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const list = useListParams(definition);
  const { hidden, setHidden, visible } = useColumnVisibility(definition.name, definition.columns);
  const { density, setDensity } = useListDensity(definition.name);
  const compact = density === 'compact';
  const rows = useMemo(() => result.data?.items ?? [], [result.data]);
  const idOf = (row: T) => String(cellValue(row, definition.idField));
  // rows new or with a status changed since the last answer to this query (a live refetch) are briefly tinted
  const statusKeys = definition.columns.map((c) => c.key).filter((k) => STATUS_KEY.test(k));
  const cued = useRowCue(
    rows,
    idOf,
    (row) => statusKeys.map((k) => String(cellValue(row, k))).join('|'),
    JSON.stringify(list.queryArg),
  );
  const { selectedKeys, setSelectedKeys, selectedRows, checkboxProps, dropSelected } = useRowSelection(
    JSON.stringify(list.queryArg),
    rows,
    definition,
    idOf,
  );

  const virtual = list.perPage > VIRTUAL_THRESHOLD;
  // a read-only login sees no create, edit or delete (the server refuses them anyway: this spares the click)
  const readOnly = useReadOnly();
  const canCreate = !readOnly && access.create !== false && !!createPath;
  const canEdit = !readOnly && access.edit !== false && !!editPath;
  const canDelete = !readOnly && access.delete !== false && !!onDelete;

  // One confirm dialog opened on demand, not a Popconfirm in every row: rows of a 10,000-row page
  // stay light while scrolling.
  const confirmDelete = (row: T) =>
    askToDelete(modal, `Delete this ${definition.singular.toLowerCase()}?`, () => remove(row));

  const remove = async (row: T) => {
    try {
      await onDelete?.(row);
      dispatch(showToast('success', `${definition.singular} deleted`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };

  const columns: TableColumnsType<T> = (phone ? visible.filter(keepsOnPhone) : visible).map((col) => ({
    key: col.key,
    dataIndex: col.key,
    title: columnTitle(col),
    width: col.width,
    fixed: col.fixed,
    ellipsis: col.ellipsis ? { showTitle: true } : undefined,
    sorter: col.sortable ? true : undefined,
    sortOrder: col.sortable && list.orderBy === col.key ? (list.orderDir === 'desc' ? 'descend' : 'ascend') : null,
    render: columnRender(col),
  }));
  if (canEdit || canDelete || rowActions) {
    columns.push({
      key: '__actions',
      title: 'Actions',
      // fixed in every list, virtual ones too: at 1280 px the actions must show without scrolling
      // (bench:company-list measures the scroll of a 10,000-row page with it)
      fixed: 'right',
      width: actionsWidth,
      render: (_: unknown, row: T) => (
        <RowActions
          singular={definition.singular}
          name={idOf(row)}
          editTo={canEdit && editPath ? editPath(row) : undefined}
          onDelete={canDelete ? () => confirmDelete(row) : undefined}
          extra={rowActions?.(row)}
        />
      ),
    });
  }

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = s?.order ? String(s.columnKey ?? s.field) : undefined;
      list.setSort(key, s?.order === 'descend' ? 'desc' : 'asc');
    } else if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? list.perPage;
      // antd counts pages from 1; the URL and the API from 0. A new page size starts again at 0.
      list.setPage(size !== list.perPage ? 0 : (pagination.current ?? 1) - 1, size);
    }
  };

  const scrollX = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 160), 0);
  // rows can be picked when something can be done with several at once
  const selectable = (!!bulkActions && !readOnly) || canDelete;

  return (
    <section aria-label={definition.title} data-testid={`resource-table-${definition.name}`}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16, position: 'relative' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {definition.title}
        </Typography.Title>
        <Space wrap>
          {canCreate && createPath && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath)}>
              New {definition.singular.toLowerCase()}
            </Button>
          )}
          {serverCsv ? (
            <ServerCsvButton csv={() => serverCsv(list.queryArg)} disabled={!!result.isLoading} />
          ) : (
            <CsvExportButton<T>
              name={definition.name}
              title={definition.title}
              columns={visible}
              queryArg={list.queryArg}
              rows={rows}
              total={result.data?.total ?? 0}
              fetchPage={fetchPage}
              idOf={idOf}
              disabled={!!(result.isLoading || result.isFetching)}
              onExported={onExportCsv}
            />
          )}
          <DensitySwitch value={density} onChange={setDensity} />
          <ColumnSettings columns={definition.columns} hidden={hidden} onChange={setHidden} />
        </Space>
      </Flex>
      <SearchForm
        name={definition.name}
        columns={definition.columns}
        values={list.filters}
        onSearch={list.setFilters}
      />
      {result.error !== undefined && result.error !== null ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={describeApiError(result.error)}
          action={
            result.refetch && (
              <Button size="small" onClick={() => result.refetch?.()}>
                Retry
              </Button>
            )
          }
        />
      ) : (
        <>
          {selectable && selectedRows.length > 0 && (
            <Space style={{ marginBottom: 8 }} aria-label="Bulk actions">
              <span>{selectedRows.length} selected</span>
              {canDelete && onDelete && (
                <BulkDeleteButton<T>
                  selected={selectedRows}
                  singular={definition.singular}
                  title={definition.title}
                  idOf={idOf}
                  onDelete={onDelete}
                  onDeleteMany={onDeleteMany}
                  onDeleted={dropSelected}
                />
              )}
              {bulkActions?.(selectedRows, () => setSelectedKeys([]))}
            </Space>
          )}
          <style>{ROW_CUE_STYLE}</style>
          <CompactTheme on={compact}>
            <Table<T>
              rowKey={idOf}
              rowClassName={(row) => (cued.has(idOf(row)) ? ROW_CUE_CLASS : '')}
              size={compact ? 'small' : undefined}
              columns={columns}
              dataSource={rows}
              loading={!!(result.isLoading || (result.isFetching && result.currentData === undefined))}
              onChange={onChange}
              // antd greys the empty text at colorTextDisabled (1.9:1 on white, an axe contrast failure): secondary
              // text is AA in both themes
              locale={{
                emptyText:
                  result.isLoading || result.isFetching ? (
                    ' '
                  ) : (
                    <Typography.Text type="secondary">
                      {definition.emptyText && !Object.values(list.filters).some((v) => v !== undefined && v !== '')
                        ? definition.emptyText
                        : 'No Data Found'}
                    </Typography.Text>
                  ),
              }}
              rowSelection={
                selectable
                  ? {
                      selectedRowKeys: selectedKeys,
                      onChange: setSelectedKeys,
                      getCheckboxProps: checkboxProps,
                    }
                  : undefined
              }
              virtual={virtual}
              scroll={virtual ? { y: VIRTUAL_SCROLL_Y, x: scrollX } : { x: 'max-content' }}
              pagination={{
                current: list.page + 1,
                pageSize: list.perPage,
                total: result.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES,
                showTotal: (total) =>
                  `${total} ${total === 1 ? definition.singular.toLowerCase() : definition.title.toLowerCase()}`,
              }}
            />
          </CompactTheme>
        </>
      )}
    </section>
  );
}
