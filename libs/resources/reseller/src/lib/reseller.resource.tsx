import type { Reseller, ResellerCreate, ResellerPatch } from '@smsc/shared-contract';
import {
  CsvImport,
  type CsvRow,
  type ImportRowResult,
  type ResourceBundle,
  type ResourceDefinition,
} from '@smsc/shared-ui';
import { lookupOf } from '@smsc/shared-api';
import {
  useCreateResellerMutation,
  useDeleteResellerMutation,
  useGetResellerQuery,
  useImportResellersMutation,
  useListResellersQuery,
  useLazyListResellersQuery,
  usePlatformProductChoicesQuery,
  useUpdateResellerMutation,
} from './reseller.api';

/** The platform's products, to pick the one a reseller pays the platform by. */
export const usePlatformProductOptions = () =>
  lookupOf(usePlatformProductChoicesQuery(), (d) => d.map((p) => ({ label: p.product_name, value: p.product_uuid })));

/** A reseller's wholesale product by name ("None": it pays the platform nothing per message). */
export function PlatformProductName({ id }: { id: string | null | undefined }) {
  const { options } = usePlatformProductOptions();
  if (!id) return <>None</>;
  return <>{options.find((o) => o.value === id)?.label ?? '…'}</>;
}

export const resellerDefinition: ResourceDefinition<Reseller> = {
  name: 'resellers',
  title: 'Resellers',
  singular: 'Reseller',
  idField: 'reseller_uuid',
  defaultSort: { order_by: 'reseller_name', order_dir: 'asc' },
  columns: [
    { key: 'reseller_name', title: 'Name', sortable: true, search: 'text' },
    {
      key: 'platform_product_uuid',
      title: 'Wholesale product',
      render: (v) => <PlatformProductName id={v as string | null} />,
    },
    { key: 'created_on', title: 'Created', sortable: true, width: 200, dateTime: true },
  ],
  // limit from the contract's ResellerCreate schema
  formFields: [
    { name: 'reseller_name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    {
      name: 'platform_product_uuid',
      label: 'Wholesale product',
      kind: 'select',
      useOptions: usePlatformProductOptions,
      placeholder: 'None: the reseller pays nothing per message',
      help: "The platform product whose rates the reseller pays for each of its companies' charged messages",
    },
    {
      name: 'price_notice_days',
      label: 'Price notice (days)',
      kind: 'number',
      min: 0,
      max: 365,
      placeholder: '7',
      help: 'A price increase reaches this customer no sooner than this many days after its notice (rate changes)',
    },
  ],
};

const toBody = (v: Record<string, unknown>): ResellerCreate => ({
  reseller_name: String(v['reseller_name'] ?? '').trim(),
  platform_product_uuid: (v['platform_product_uuid'] as string | undefined) || null,
  ...(typeof v['price_notice_days'] === 'number' ? { price_notice_days: v['price_notice_days'] } : {}),
});

export const resellerBundle: ResourceBundle<Reseller, ResellerCreate, ResellerPatch> = {
  definition: resellerDefinition,
  useList: useListResellersQuery,
  useLazyList: useLazyListResellersQuery,
  useGet: useGetResellerQuery,
  useCreate: useCreateResellerMutation,
  useUpdate: useUpdateResellerMutation,
  useDelete: useDeleteResellerMutation,
  toCreate: toBody,
  toPatch: toBody,
};

/**
 * Sends one chunk of the file's rows as a CSV to POST /reseller/import. The server takes a chunk all
 * or nothing, so every row of the chunk shares its result.
 */
export async function importResellerRows(
  send: (csv: string) => Promise<{ imported: number }>,
  rows: CsvRow[],
): Promise<{ results: ImportRowResult[] }> {
  // Plain RFC 4180 quoting; no spreadsheet-formula guard here, the names must reach the server as typed.
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const csv = ['reseller_name', ...rows.map((r) => quote(r['reseller_name'] ?? ''))].join('\n') + '\n';
  const answer = await send(csv);
  return {
    results: rows.map((_, row) => ({ row, ok: true, message: `Imported (${answer.imported} in this request)` })),
  };
}

/** The resellers-list's CSV import (a `reseller_name` column). */
export function ResellerImport() {
  const [importCsv] = useImportResellersMutation();
  return (
    <CsvImport
      label="Import resellers from CSV"
      requiredColumns={['reseller_name']}
      importRows={(rows) => importResellerRows((csv) => importCsv(csv).unwrap(), rows)}
    />
  );
}
