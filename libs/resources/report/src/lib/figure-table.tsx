import { theme } from '@smsc/shared-ui/core';
import type { ReportGroup, ReportRow, ReportStep } from '@smsc/shared-contract';
import { GROUP_LABEL, MONEY, figureTitle, isCustomerReport, timeLabel, type Figure } from './report-figures';

export interface FigureTableProps {
  rows: ReportRow[];
  totals?: ReportRow;
  step: ReportStep;
  groups: ReportGroup[];
  figures: Figure[];
  caption: string;
  currency?: string;
  /** a company's own figures (its revenue column is its spend); told by totals when they are given */
  customer?: boolean;
  /** the zone of its time column (needed only by time) */
  zone?: string;
}

/**
 * A dashboard's figures as a plain table (antd's small table look, the grand total as its last row).
 * The dashboards show a day or a week (at most 168 rows, no paging or sorting to offer), and without
 * antd's Table the company admin's landing does not fetch the data kit. Reports use ReportTable.
 */
export function FigureTable({
  rows,
  totals,
  step,
  groups,
  figures,
  caption,
  currency = 'USD',
  customer = isCustomerReport(totals),
  zone = 'UTC',
}: FigureTableProps) {
  const { token } = theme.useToken();
  const cell = {
    padding: `${token.paddingXS}px ${token.paddingXS}px`,
    borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
    whiteSpace: 'nowrap' as const,
  };
  const head = {
    ...cell,
    background: token.colorFillAlter,
    fontWeight: token.fontWeightStrong,
    color: token.colorTextHeading,
  };
  const right = { textAlign: 'right' as const };
  const titleOf = (f: Figure) =>
    MONEY.includes(f) ? `${figureTitle(f, totals, customer)} (${currency})` : figureTitle(f, totals, customer);
  const labelCols = (step === 'total' ? 0 : 1) + groups.length;
  return (
    // a keyboard reaches the sideways scroll of a wide table (WCAG 2.1.1)
    <div role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize }}>
        <caption style={{ textAlign: 'left', padding: `${token.paddingXS}px 0`, color: token.colorTextSecondary }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {step === 'total' ? null : (
              <th scope="col" style={{ ...head, textAlign: 'left' }}>
                {`Time (${zone})`}
              </th>
            )}
            {groups.map((g) => (
              <th key={g} scope="col" style={{ ...head, textAlign: 'left' }}>
                {GROUP_LABEL[g].title}
              </th>
            ))}
            {figures.map((f) => (
              <th key={f} scope="col" style={{ ...head, ...right }}>
                {titleOf(f)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={labelCols + figures.length}
                style={{ ...cell, color: token.colorTextSecondary, textAlign: 'center' }}
              >
                No messages in this period
              </td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i}>
                {step === 'total' ? null : <td style={cell}>{timeLabel(r.time ?? null, step, zone)}</td>}
                {groups.map((g) => (
                  <td key={g} style={cell}>
                    {String(r[GROUP_LABEL[g].key] ?? '—')}
                  </td>
                ))}
                {figures.map((f) => (
                  <td key={f} style={{ ...cell, ...right }}>
                    {String(r[f] ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {totals && rows.length > 0 ? (
          <tfoot>
            <tr>
              {labelCols > 0 ? (
                <th scope="row" colSpan={labelCols} style={{ ...head, textAlign: 'left' }}>
                  Total
                </th>
              ) : null}
              {figures.map((f) => (
                <td key={f} style={{ ...head, ...right }}>
                  {String(totals[f] ?? '')}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
