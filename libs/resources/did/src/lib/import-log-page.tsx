import { useState } from 'react';
import type { DidImportLogEntry } from '@smsc/shared-contract';
import {
  CsvImport,
  Input,
  ListPage,
  Space,
  Typography,
  type ResourceBundle,
  type ResourceDefinition,
} from '@smsc/shared-ui';
import {
  useImportDidsFromKannelMutation,
  useLazyListDidImportLogQuery,
  useListDidImportLogQuery,
} from './did-extras.api';
import { importDidRows } from './did-import';

const SOURCES = [
  { value: 'csv', label: 'CSV' },
  { value: 'kannel', label: 'Kannel' },
];

/** The import log: every CSV and Kannel import run, refused ones with their reason. */
export const importLogDefinition: ResourceDefinition<DidImportLogEntry> = {
  name: 'did-import-log',
  title: 'Import log',
  singular: 'Import',
  idField: 'import_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'created_on', title: 'When', width: 190, dateTime: true },
    {
      key: 'source',
      title: 'Source',
      width: 100,
      search: 'select',
      options: SOURCES,
      render: (v) => (v === 'kannel' ? 'Kannel' : 'CSV'),
    },
    { key: 'ok', title: 'Result', width: 110, search: 'boolean', render: (v) => (v ? 'Imported' : 'Refused') },
    { key: 'imported', title: 'Numbers', width: 100 },
    { key: 'lines', title: 'Lines', width: 90 },
    { key: 'smsc_id', title: 'SMSC link', width: 140, render: (v) => (v as string | null) ?? '' },
    { key: 'file_name', title: 'File', width: 160, render: (v) => (v as string | null) ?? '' },
    { key: 'user_name', title: 'By', width: 150, render: (v) => (v as string | null) ?? '' },
    { key: 'reseller_name', title: 'Reseller', width: 140, render: (v) => (v as string | null) ?? '' },
    { key: 'message', title: 'Message', width: 360 },
  ],
  formFields: [],
};

const importLogBundle: ResourceBundle<DidImportLogEntry, never, never> = {
  definition: importLogDefinition,
  useList: useListDidImportLogQuery,
  useLazyList: useLazyListDidImportLogQuery,
};

/** dids/import-log (system admin): read-only, newest first. */
export function DidImportLog() {
  return <ListPage bundle={importLogBundle} access={{ create: false, delete: false }} />;
}

const SMSC_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Kannel import (reseller dids/import; the system admin's import-did offers it too): numbers that arrive
 * over one SMSC link, bound to its smsc-id. All or nothing; the run shows in the import log either way.
 */
export function KannelDidImport() {
  const [importCsv] = useImportDidsFromKannelMutation();
  const [smscId, setSmscId] = useState('');
  const valid = SMSC_ID.test(smscId.trim());
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>
        Numbers carried by one Kannel SMSC link: their incoming messages arrive over it and replies from them leave
        through it.
      </Typography.Paragraph>
      <Space>
        <label htmlFor="kannel-smsc-id">SMSC link (smsc-id)</label>
        <Input
          id="kannel-smsc-id"
          value={smscId}
          onChange={(e) => setSmscId(e.target.value)}
          placeholder="e.g. carrier-east"
          style={{ width: 240 }}
          status={smscId && !valid ? 'error' : undefined}
          aria-invalid={!!smscId && !valid}
        />
      </Space>
      {smscId && !valid && <Typography.Text type="danger">Letters, digits, _ . - only (up to 64)</Typography.Text>}
      {valid ? (
        <CsvImport
          label="Import numbers from CSV"
          requiredColumns={['did']}
          chunkSize={100000}
          importRows={(rows) => importDidRows((csv) => importCsv({ csv, smsc_id: smscId.trim() }).unwrap(), rows)}
        />
      ) : (
        <Typography.Text type="secondary">
          Name the SMSC link first; then choose the CSV file (a did column, optional type, did_type, description,
          monthly_price).
        </Typography.Text>
      )}
    </Space>
  );
}
