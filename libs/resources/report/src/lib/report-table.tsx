import { KeyboardScroll, Table, type TableColumnsType } from '@smsc/shared-ui';
import type { ReportGroup, ReportRow, ReportStep } from '@smsc/shared-contract';
import { GROUP_LABEL, MONEY, figureTitle, timeLabel, type Figure } from './report-figures';

export interface ReportTableProps {
  rows: ReportRow[];
  totals?: ReportRow;
  step: ReportStep;
  groups: ReportGroup[];
  figures: Figure[];
  caption: string;
  loading?: boolean;
  currency?: string;
  /** the zone the report counted in: its time column is labelled with it and shows its clock */
  zone: string;
}

/** The figures of a report (and of its chart) as a table, with the grand total as its last row. */
export function ReportTable({
  rows,
  totals,
  step,
  groups,
  figures,
  caption,
  loading,
  currency = 'USD',
  zone,
}: ReportTableProps) {
  const columns: TableColumnsType<ReportRow & { key: string }> = [
    ...(step === 'total'
      ? []
      : [
          {
            key: 'time',
            dataIndex: 'time',
            title: `Time (${zone})`,
            width: 150,
            render: (v: string | null) => timeLabel(v, step, zone),
          },
        ]),
    ...groups.map((g) => ({
      key: g,
      dataIndex: GROUP_LABEL[g].key as string,
      title: GROUP_LABEL[g].title,
      width: 180,
      render: (v: unknown) => String(v ?? '—'),
    })),
    ...figures.map((f) => ({
      key: f,
      dataIndex: f,
      title: MONEY.includes(f) ? `${figureTitle(f, totals)} (${currency})` : figureTitle(f, totals),
      width: 110,
      align: 'right' as const,
    })),
  ];
  const data = rows.map((r, i) => ({ ...r, key: String(i) }));
  return (
    <KeyboardScroll label={caption}>
      <Table
        size="small"
        caption={caption}
        columns={columns}
        dataSource={data}
        loading={loading}
        pagination={data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          totals && data.length > 0 ? (
            <Table.Summary.Row>
              {columns.map((c, i) => (
                <Table.Summary.Cell
                  key={String(c.key)}
                  index={i}
                  align={figures.includes(c.key as Figure) ? 'right' : undefined}
                >
                  {i === 0 ? 'Total' : figures.includes(c.key as Figure) ? String(totals[c.key as Figure] ?? '') : ''}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </KeyboardScroll>
  );
}
