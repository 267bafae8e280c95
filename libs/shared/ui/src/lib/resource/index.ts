export type {
  ResourceDefinition, ResourceColumn, FormFieldDef, FormFieldKind, SearchKind, SelectOption, SortDir, ListResult, ListQueryArg,
} from './types';
export { useListParams, buildListQueryArg, readFilters, DEFAULT_PER_PAGE, type ListParams, type FilterValues, type ListDefinition } from './use-list-params';
export {
  ResourceTable, pageCsv, VIRTUAL_THRESHOLD, VIRTUAL_SCROLL_Y, PAGE_SIZES,
  type ResourceTableProps, type ResourceAccess, type ListQueryState,
} from './resource-table';
export { ResourceForm, splitServerError, type ResourceFormProps, type FormValues } from './resource-form';
export { rulesFor, fieldInput } from './form-fields';
export { LeaveGuard, useBeforeUnload } from './leave-guard';
export { columnStorageKey } from './use-column-visibility';
export { CsvImport, csvToRows, type CsvImportProps, type CsvRow, type ImportRowResult, type LineResult } from './csv-import';
