import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  lookupSelectProps,
  CsvImport,
  Empty,
  PageLoading,
  Pagination,
  Result,
  Select,
  Space,
  Table,
  Typography,
  type CsvRow,
  type ImportRowResult,
} from '@smsc/shared-ui';
import { describeApiError, showToast, useCompanyOptions } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { ANI_GROUP_CSV_COLUMNS, type AniGroupImportResult, type AniGroupNumber } from '@smsc/shared-contract';
import { useGetAniGroupQuery, useImportAniGroupsMutation, useListAniGroupNumbersQuery } from './ani-group.api';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The whole file in one call (POST /ani_group/import takes all or nothing), so every row shares the answer. */
export async function importAniGroupRows(
  send: (csv: string) => Promise<AniGroupImportResult>,
  rows: CsvRow[],
): Promise<{ results: ImportRowResult[] }> {
  const csv =
    [
      ANI_GROUP_CSV_COLUMNS.join(','),
      ...rows.map((r) => ANI_GROUP_CSV_COLUMNS.map((c) => quote(r[c] ?? '')).join(',')),
    ].join('\n') + '\n';
  const answer = await send(csv);
  const names = new Map(answer.groups.map((g) => [g.name.toLowerCase(), g.name]));
  return {
    results: rows.map((r, row) => ({ row, ok: names.has((r['name'] ?? '').trim().toLowerCase()), message: r['name'] })),
  };
}

/** import-ani-group / ani-group import: a CSV with name and number columns (a name's lines make one group). */
export function AniGroupImport({ pickCompany = false }: { pickCompany?: boolean }) {
  const [importCsv] = useImportAniGroupsMutation();
  const dispatch = useAppDispatch();
  const [company, setCompany] = useState<string | undefined>();
  const companies = useCompanyOptions({ skip: !pickCompany });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {pickCompany && (
        <Select
          aria-label="Company"
          placeholder="The company the groups belong to"
          style={{ width: 320 }}
          value={company}
          onChange={setCompany}
          {...lookupSelectProps(companies)}
        />
      )}
      <CsvImport
        label="Import ANI groups from CSV"
        requiredColumns={[...ANI_GROUP_CSV_COLUMNS]}
        chunkSize={100000}
        importRows={(rows) =>
          importAniGroupRows((csv) => importCsv({ csv, ...(company ? { company_uuid: company } : {}) }).unwrap(), rows)
        }
        onFinished={(lines) => {
          const failed = lines.filter((l) => !l.ok).length;
          dispatch(
            failed
              ? showToast('error', `Nothing was imported: ${failed} line${failed > 1 ? 's' : ''} failed`)
              : showToast('success', `${lines.length} numbers imported into ANI groups`),
          );
        }}
      />
    </Space>
  );
}

const PER_PAGE = 10;

/** numbers/{uuid}: a group's numbers in the order they take turns, the page kept in the URL. */
export function AniGroupNumbers() {
  const { uuid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const group = useGetAniGroupQuery(uuid);
  const numbers = useListAniGroupNumbersQuery({ id: uuid, page, per_page: PER_PAGE });
  if (group.isLoading || numbers.isLoading) return <PageLoading />;
  if (group.error || numbers.error)
    return (
      <Result
        status="warning"
        title="The ANI group could not be loaded"
        subTitle={describeApiError(group.error ?? numbers.error)}
      />
    );
  const data = numbers.data;
  return (
    <>
      <Typography.Title level={4}>{group.data?.name}</Typography.Title>
      {!data?.items.length ? (
        <Empty description="This group has no numbers" />
      ) : (
        <>
          <Table<AniGroupNumber>
            rowKey="did_uuid"
            pagination={false}
            dataSource={data.items}
            columns={[
              { key: 'did', dataIndex: 'did', title: 'Number', width: 180 },
              { key: 'area_code', dataIndex: 'area_code', title: 'Area code', width: 110 },
              { key: 'state', dataIndex: 'state', title: 'State', width: 90 },
            ]}
          />
          <Pagination
            current={page + 1}
            pageSize={PER_PAGE}
            total={data.total}
            showSizeChanger={false}
            onChange={(p) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.set('page', String(p - 1));
                return next;
              })
            }
          />
        </>
      )}
    </>
  );
}
