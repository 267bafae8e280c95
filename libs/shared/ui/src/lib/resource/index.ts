/**
 * The generic resource kit (ARCHITECTURE.md, "One resource definition, many roles").
 *
 *   const list = useListParams(companies);                 // paging/sort/search live in the URL
 *   const result = useListCompaniesQuery(list.queryArg);   // page from 0, text filters as *wildcards*
 *   <ResourceTable definition={companies} result={result} onDelete={(r) => del(r.id).unwrap()}
 *     createPath="new" editPath={(r) => `${r.id}`} access={{ delete: isAdmin }} />
 *   <ResourceForm definition={companies} mode="edit" initialValues={row}
 *     onSubmit={(v) => update({ id, ...v }).unwrap()} onDone={() => navigate('..')} />
 *   <CsvImport importRows={(rows) => importDids(rows).unwrap()} requiredColumns={['did']} />
 */
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
