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
 *
 * Whole pages from a resource bundle (pages/): a role's route table mounts them with its access data.
 *
 *   // libs/resources/company: the definition plus the hooks of company.api.ts
 *   export const companyBundle: ResourceBundle<Company, CompanyCreate, CompanyPatch> = {
 *     definition: companies,                 // columns/formFields may carry `access: 'company.reseller'`
 *     useList: useListCompaniesQuery,        // (arg: ListQueryArg) => { data, isLoading, error, refetch }
 *     useLazyList: useLazyListCompaniesQuery, // any page on demand: Export CSV then covers the whole filter
 *     useGet: useGetCompanyQuery,            // (id: string) => the record; 404/403 show NotFound
 *     useCreate: useCreateCompanyMutation,   // trigger(body)
 *     useUpdate: useUpdateCompanyMutation,   // trigger({ id, body })
 *     useDelete: useDeleteCompanyMutation,   // trigger(id)
 *     toCreate: (v) => ..., toPatch: (v, row) => ..., toForm: (row) => ...,   // optional mappings
 *   };
 *   // libs/<role>/routes: one RouteObject (root + children with handle.title), role differences as data
 *   resourceRoutes(companyBundle, { delete: false, keys: ['company.reseller'] }, {
 *     path: 'companies', redirectTo: 'company-list',
 *     list: { path: 'company-list', title: 'Companies' },      // path '' = index route
 *     create: { path: 'add-company', title: 'Add company' },
 *     edit: { path: 'edit-company/:id', title: 'Edit company' },
 *     details: { path: 'company/:id', title: 'Company' },      // optional
 *     rowLinks: [{ label: 'Accounts', to: (r) => `company-accounts/${r.company_uuid}` }],
 *     listExtra: <CsvImport ... />, listArg: { fixed: 'filter' },
 *     extra: [{ path: 'company-accounts/:id', element: <Accounts />, handle: { title: 'Accounts' } }],
 *   });
 * Page paths are relative to the root; pages link with useResourcePath(). Create/edit/delete show
 * only when the bundle has the hook, the pages ask for the path and access does not say false.
 */
export type {
  ResourceDefinition,
  ResourceColumn,
  FormFieldDef,
  FormFieldKind,
  SearchKind,
  SelectOption,
  SortDir,
  ListResult,
  ListQueryArg,
} from './types';
export {
  useListParams,
  buildListQueryArg,
  readFilters,
  DEFAULT_PER_PAGE,
  type ListParams,
  type FilterValues,
  type ListDefinition,
} from './use-list-params';
export {
  ResourceTable,
  VIRTUAL_THRESHOLD,
  VIRTUAL_SCROLL_Y,
  PAGE_SIZES,
  type ResourceTableProps,
  type ResourceAccess,
  type ListQueryState,
} from './resource-table';
export { BulkDeleteButton, deleteEach, type BulkDeleteProps, type BulkOutcome } from './bulk-delete';
export { ServerCsvButton, fetchServerCsv, serverCsvUrl, type ServerCsv } from './server-csv';
export { downloadBlob, downloadText, saveObjectUrl } from './download';
export {
  CsvExportButton,
  collectRows,
  rowsCsv,
  EXPORT_PAGE_SIZE,
  EXPORT_ROW_LIMIT,
  type CsvExportButtonProps,
} from './csv-export';
export { ResourceForm, splitServerError, type ResourceFormProps, type FormValues } from './resource-form';
export { rulesFor, fieldInput, SearchSelect } from './form-fields';
export { timeZoneField } from './time-zone-field';
export { LeaveGuard, useBeforeUnload } from './leave-guard';
export { columnStorageKey } from './use-column-visibility';
export {
  CsvImport,
  csvToRows,
  type CsvImportProps,
  type CsvRow,
  type ImportRowResult,
  type LineResult,
} from './csv-import';
export * from './pages';
